import { Module } from '@nestjs/common';

/** Will own the public member directory: members, search, globe, stats, REST API v1 and its documentation corpus. */
@Module({})
export class DirectoryModule {}
