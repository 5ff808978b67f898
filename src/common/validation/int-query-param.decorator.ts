import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '../http/swagger.js';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export interface IntQueryParamOptions {
  /** The query parameter's name, as refusals name it. */
  name: string;
  min: number;
  max: number;
  default: number;
  description?: string;
}

/**
 * An optional whole-number query parameter (limit, offset, page …): converted from the query string,
 * bounded, documented in OpenAPI, and refused with a message naming the parameter and its range.
 */
export function IntQueryParam(o: IntQueryParamOptions): PropertyDecorator {
  const range = `between ${o.min} and ${o.max}`;
  // Applied in this order on purpose: class-validator reports the first registered constraint, and a
  // non-number should be told it must be a whole number before being told the range.
  return applyDecorators(
    IsInt({ message: `${o.name} must be a whole number ${range}` }),
    Min(o.min, { message: `${o.name} must be ${range}` }),
    Max(o.max, { message: `${o.name} must be ${range}` }),
    Type(() => Number),
    IsOptional(),
    ApiPropertyOptional({
      description: o.description,
      minimum: o.min,
      maximum: o.max,
      default: o.default,
      example: o.default,
      type: 'integer',
    }),
  );
}
