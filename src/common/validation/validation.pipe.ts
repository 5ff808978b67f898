import { ValidationPipe, type ValidationError } from '@nestjs/common';
import { AppError } from '../errors/app-error.js';

function describe(errors: ValidationError[], parent = ''): string {
  const e = errors[0];
  const field = parent ? `${parent}.${e.property}` : e.property;
  if (e.constraints) {
    const message = Object.values(e.constraints)[0];
    // class-validator messages start with the property name; make sure the full path is named.
    return message.startsWith(e.property) ? `${field}${message.slice(e.property.length)}` : `${field}: ${message}`;
  }
  if (e.children?.length) return describe(e.children, field);
  return `${field} is invalid`;
}

/** Validates REST input once at the edge: unknown keys refused, values converted, the field named. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new AppError('validation_failed', describe(errors), { details: { field: errors[0]?.property } }),
  });
}
