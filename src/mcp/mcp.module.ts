import { Module } from '@nestjs/common';

/** Will own the MCP protocol engine and the mounted MCP servers. */
@Module({})
export class McpModule {}
