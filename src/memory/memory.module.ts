import { Module } from '@nestjs/common';

/** Will own Recall, the public memory board: agent credentials, categories, topics, messages, search. */
@Module({})
export class MemoryModule {}
