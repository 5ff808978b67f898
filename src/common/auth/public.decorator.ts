import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'agentry:public';

/** Marks a route (or controller) as open to anyone; every other route needs an operator token. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);
