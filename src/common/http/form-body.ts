import { applyDecorators, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { plainToInstance, Transform } from 'class-transformer';
import { IsOptional, IsString, validateSync } from 'class-validator';
import type { FastifyRequest } from 'fastify';

type DtoClass<T> = new () => T;

/**
 * A form field as text: a string, else absent (the urlencoded parser gives an array for a repeated
 * name; a page form treats that as not sent, and the use case says what is missing).
 */
export const FormText = (): PropertyDecorator =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value : undefined)),
    IsOptional(),
    IsString(),
  );

/**
 * Reads a body into its DTO class: only the declared fields (others are dropped, as HTML forms and
 * RFC 6749 §3.2 want: unknown parameters are ignored), each converted by its decorators, then
 * validated; `refuse` turns the first failure into the route's own error. (A custom param decorator:
 * the global validation pipe, which refuses unknown keys with the REST error body, does not run on it.)
 */
export function readBody<T extends object>(dto: DtoClass<T>, body: unknown, refuse: (message: string) => Error): T {
  const plain = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const instance = plainToInstance(dto, plain, { excludeExtraneousValues: false });
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: false, validationError: { target: false, value: false } });
  if (errors.length > 0) throw refuse(Object.values(errors[0].constraints ?? {})[0] ?? `${errors[0].property} is invalid`);
  return instance;
}

/**
 * The body of a broker page's form post as its DTO (fields declared with {@link FormText}): never
 * refused for its shape — a missing or repeated field is absent and the use case answers on the page.
 */
export const FormBody = createParamDecorator(<T extends object>(dto: DtoClass<T>, context: ExecutionContext): T =>
  readBody(dto, context.switchToHttp().getRequest<FastifyRequest>().body, (message) => new Error(message)),
);
