import { ValidateBy, type ValidationOptions } from 'class-validator';
import { isEmailAddress } from './email-address.js';

/** The service's one email-address rule ({@link isEmailAddress}) as a class-validator decorator for REST DTOs. */
export function IsEmailAddress(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isEmailAddress',
      validator: {
        validate: (value: unknown) => isEmailAddress(value),
        defaultMessage: () => '$property must be a valid email address',
      },
    },
    options,
  );
}
