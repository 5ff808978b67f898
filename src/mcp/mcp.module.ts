import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { DmvModule } from '../dmv/dmv.module.js';
import { MemoryModule } from '../memory/memory.module.js';
import { IdentityModule } from '../identity/identity.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { OauthModule } from '../oauth/oauth.module.js';
import { MCP_EXTRA_PROFILES, MCP_PROFILES } from './endpoints/profile.js';
import { defaultProfiles } from './endpoints/profiles.js';
import { McpHost } from './mcp-host.service.js';

/**
 * The MCP protocol engine and the servers it mounts (community, docs, recall, broker). It imports
 * the feature modules whose public services the tools call; no feature imports it.
 */
@Module({
  imports: [DirectoryModule, DmvModule, MemoryModule, OauthModule, IdentityModule, InboxModule],
  providers: [{ provide: MCP_PROFILES, useFactory: defaultProfiles }, { provide: MCP_EXTRA_PROFILES, useValue: [] }, McpHost],
  exports: [McpHost],
})
export class McpModule {}
