import { applyDecorators, Post, UseFilters } from '@nestjs/common';
import { BodyPolicy, FORM_MEDIA_TYPE } from '../../common/http/body-limits.js';
import { PageErrorFilter } from './page-error.filter.js';

/**
 * A broker page's form POST (urlencoded). With `refusedTitle`, the use case's refusals are shown as
 * the error page with that title (PageErrorFilter).
 */
export const FormPost = (path: string, refusedTitle?: string): MethodDecorator =>
  applyDecorators(
    Post(path),
    BodyPolicy({ accepts: [FORM_MEDIA_TYPE] }),
    ...(refusedTitle ? [UseFilters(new PageErrorFilter(refusedTitle))] : []),
  );
