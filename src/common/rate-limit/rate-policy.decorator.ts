import { SetMetadata } from '@nestjs/common';

export const RATE_POLICY = 'agentry:rate-policy';

/**
 * Counts a controller's (or handler's) requests against a named RateLimitService policy instead of
 * the general one, e.g. `@RatePolicy(PAGES_POLICY)` for HTML pages, guides and static assets.
 */
export const RatePolicy = (name: string): ClassDecorator & MethodDecorator => SetMetadata(RATE_POLICY, name);
