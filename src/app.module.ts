import { Module, type DynamicModule } from '@nestjs/common';
import { CommonModule } from './common/common.module.js';
import { AppConfig } from './config/app-config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DirectoryModule } from './directory/directory.module.js';
import { DmvModule } from './dmv/dmv.module.js';
import { IdentityModule } from './identity/identity.module.js';
import { InboxModule } from './inbox/inbox.module.js';
import { McpModule } from './mcp/mcp.module.js';
import { MemoryModule } from './memory/memory.module.js';
import { OauthModule } from './oauth/oauth.module.js';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        CommonModule,
        DirectoryModule,
        DmvModule,
        IdentityModule,
        InboxModule,
        OauthModule,
        MemoryModule,
        McpModule,
      ],
    };
  }
}
