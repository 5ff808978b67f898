import { Module } from '@nestjs/common';

/** Will own the OAuth 2.1 authorization server: consent pages, delegation agreements and mca_ bearer tokens. */
@Module({})
export class OauthModule {}
