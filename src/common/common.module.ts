import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { ThrottlerModule, ThrottlerStorage } from '@nestjs/throttler';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config.js';
import { OperatorEntity } from './auth/operator.entity.js';
import { CacheBus } from './cache/cache-bus.service.js';
import { ChangeGenerations } from './cache/change-generations.js';
import { OperatorGuard } from './auth/operator.guard.js';
import { OperatorsController } from './auth/operators.controller.js';
import { OperatorsService } from './auth/operators.service.js';
import { HttpExceptionFilter } from './errors/http-exception.filter.js';
import { AssetsController } from './http/assets.controller.js';
import { HealthController } from './http/health.controller.js';
import { HomeController } from './http/home.controller.js';
import { SiteLinks } from './http/site-links.js';
import { MailAdminController } from './mail/mail-admin.controller.js';
import { MailService } from './mail/mail.service.js';
import { MailViewerController } from './mail/mail-viewer.controller.js';
import { MailViewer } from './mail/mail-viewer.js';
import { MetricsController } from './metrics/metrics.controller.js';
import { MetricsService } from './metrics/metrics.service.js';
import { OutboundMailEntity } from './mail/outbound-mail.entity.js';
import { RateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { RateLimitService } from './rate-limit/rate-limit.service.js';
import { MemoryThrottlerStorage, RedisThrottlerStorage } from './rate-limit/redis-throttler.storage.js';
import { RedisService } from './redis/redis.service.js';
import { AppSecretEntity } from './secrets/app-secret.entity.js';
import { SecretsService } from './secrets/secrets.service.js';
import { IndexBuilds } from './search/index-builds.js';
import { SearchReadiness } from './search/search-readiness.js';
import { createValidationPipe } from './validation/validation.pipe.js';

/** Cross-cutting services every feature may use. Imports no feature. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([OperatorEntity, OutboundMailEntity, AppSecretEntity]),
    ThrottlerModule.forRootAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // Named 'default' so that a plain @SkipThrottle() opts a route out; it is the 'general' policy.
        throttlers: [{ name: 'default', ttl: config.rateLimitGeneral.windowSeconds * 1000, limit: config.rateLimitGeneral.limit }],
      }),
    }),
  ],
  controllers: [
    AssetsController,
    HealthController,
    HomeController,
    OperatorsController,
    MailAdminController,
    MailViewerController,
    MetricsController,
  ],
  providers: [
    RedisService,
    CacheBus,
    ChangeGenerations,
    {
      provide: ThrottlerStorage,
      inject: [RedisService],
      useFactory: (redis: RedisService) => (redis.client ? new RedisThrottlerStorage(redis.client) : new MemoryThrottlerStorage()),
    },
    RateLimitService,
    MailService,
    MailViewer,
    MetricsService,
    OperatorsService,
    SiteLinks,
    SecretsService,
    SearchReadiness,
    IndexBuilds,
    { provide: APP_FILTER, useClass: HttpExceptionFilter },
    { provide: APP_PIPE, useFactory: createValidationPipe },
    // Order matters: authenticate operators first, then count the request.
    { provide: APP_GUARD, useClass: OperatorGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [
    RedisService,
    CacheBus,
    ChangeGenerations,
    RateLimitService,
    MailService,
    OperatorsService,
    SiteLinks,
    ThrottlerStorage,
    SecretsService,
    SearchReadiness,
    IndexBuilds,
  ],
})
export class CommonModule {}
