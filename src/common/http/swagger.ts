// The @nestjs/swagger decorators every controller and DTO uses, through this one module: the running
// server serves the document built at build time (openapi-file.ts) and gets inert decorators here, so
// it never loads the Swagger toolchain (~50 MB of RSS); a process that builds the document (the build
// script, tests running from sources, or a dist/ without a fresh dist/openapi.json) gets the real ones.
// Import decorators from here, never from '@nestjs/swagger' (scripts/codemod-swagger-imports.mjs).
import type * as Swagger from '@nestjs/swagger';
import { openApiDocumentLive } from './openapi-file.js';

type Decorators = typeof Swagger;

const swagger: Decorators | undefined = openApiDocumentLive() ? await import('@nestjs/swagger') : undefined;

/** A decorator factory whose decorators do nothing (the metadata is only read when building the document). */
const inert = (): (() => void) => () => undefined;

function decorator<K extends keyof Decorators>(name: K): Decorators[K] {
  return (swagger ? swagger[name] : inert) as Decorators[K];
}

export const ApiAcceptedResponse = decorator('ApiAcceptedResponse');
export const ApiAmbiguousResponse = decorator('ApiAmbiguousResponse');
export const ApiBadGatewayResponse = decorator('ApiBadGatewayResponse');
export const ApiBadRequestResponse = decorator('ApiBadRequestResponse');
export const ApiBasicAuth = decorator('ApiBasicAuth');
export const ApiBearerAuth = decorator('ApiBearerAuth');
export const ApiBody = decorator('ApiBody');
export const ApiCallbacks = decorator('ApiCallbacks');
export const ApiConflictResponse = decorator('ApiConflictResponse');
export const ApiConsumes = decorator('ApiConsumes');
export const ApiContinueResponse = decorator('ApiContinueResponse');
export const ApiCookieAuth = decorator('ApiCookieAuth');
export const ApiCreatedResponse = decorator('ApiCreatedResponse');
export const ApiDefaultGetter = decorator('ApiDefaultGetter');
export const ApiDefaultResponse = decorator('ApiDefaultResponse');
export const ApiEarlyhintsResponse = decorator('ApiEarlyhintsResponse');
export const ApiExcludeController = decorator('ApiExcludeController');
export const ApiExcludeEndpoint = decorator('ApiExcludeEndpoint');
export const ApiExpectationFailedResponse = decorator('ApiExpectationFailedResponse');
export const ApiExtension = decorator('ApiExtension');
export const ApiExtraModels = decorator('ApiExtraModels');
export const ApiFailedDependencyResponse = decorator('ApiFailedDependencyResponse');
export const ApiForbiddenResponse = decorator('ApiForbiddenResponse');
export const ApiFoundResponse = decorator('ApiFoundResponse');
export const ApiGatewayTimeoutResponse = decorator('ApiGatewayTimeoutResponse');
export const ApiGoneResponse = decorator('ApiGoneResponse');
export const ApiHeader = decorator('ApiHeader');
export const ApiHeaders = decorator('ApiHeaders');
export const ApiHideProperty = decorator('ApiHideProperty');
export const ApiHttpVersionNotSupportedResponse = decorator('ApiHttpVersionNotSupportedResponse');
export const ApiIAmATeapotResponse = decorator('ApiIAmATeapotResponse');
export const ApiIncludeEndpoint = decorator('ApiIncludeEndpoint');
export const ApiInternalServerErrorResponse = decorator('ApiInternalServerErrorResponse');
export const ApiLengthRequiredResponse = decorator('ApiLengthRequiredResponse');
export const ApiLink = decorator('ApiLink');
export const ApiMethodNotAllowedResponse = decorator('ApiMethodNotAllowedResponse');
export const ApiMisdirectedResponse = decorator('ApiMisdirectedResponse');
export const ApiMovedPermanentlyResponse = decorator('ApiMovedPermanentlyResponse');
export const ApiNoContentResponse = decorator('ApiNoContentResponse');
export const ApiNonAuthoritativeInformationResponse = decorator('ApiNonAuthoritativeInformationResponse');
export const ApiNotAcceptableResponse = decorator('ApiNotAcceptableResponse');
export const ApiNotFoundResponse = decorator('ApiNotFoundResponse');
export const ApiNotImplementedResponse = decorator('ApiNotImplementedResponse');
export const ApiNotModifiedResponse = decorator('ApiNotModifiedResponse');
export const ApiOAuth2 = decorator('ApiOAuth2');
export const ApiOkResponse = decorator('ApiOkResponse');
export const ApiOperation = decorator('ApiOperation');
export const ApiParam = decorator('ApiParam');
export const ApiPartialContentResponse = decorator('ApiPartialContentResponse');
export const ApiPayloadTooLargeResponse = decorator('ApiPayloadTooLargeResponse');
export const ApiPaymentRequiredResponse = decorator('ApiPaymentRequiredResponse');
export const ApiPermanentRedirectResponse = decorator('ApiPermanentRedirectResponse');
export const ApiPreconditionFailedResponse = decorator('ApiPreconditionFailedResponse');
export const ApiPreconditionRequiredResponse = decorator('ApiPreconditionRequiredResponse');
export const ApiProcessingResponse = decorator('ApiProcessingResponse');
export const ApiProduces = decorator('ApiProduces');
export const ApiProperty = decorator('ApiProperty');
export const ApiPropertyOptional = decorator('ApiPropertyOptional');
export const ApiProxyAuthenticationRequiredResponse = decorator('ApiProxyAuthenticationRequiredResponse');
export const ApiQuery = decorator('ApiQuery');
export const ApiRequestTimeoutResponse = decorator('ApiRequestTimeoutResponse');
export const ApiRequestedRangeNotSatisfiableResponse = decorator('ApiRequestedRangeNotSatisfiableResponse');
export const ApiResetContentResponse = decorator('ApiResetContentResponse');
export const ApiResponse = decorator('ApiResponse');
export const ApiResponseProperty = decorator('ApiResponseProperty');
export const ApiSchema = decorator('ApiSchema');
export const ApiSecurity = decorator('ApiSecurity');
export const ApiSeeOtherResponse = decorator('ApiSeeOtherResponse');
export const ApiServiceUnavailableResponse = decorator('ApiServiceUnavailableResponse');
export const ApiSwitchingProtocolsResponse = decorator('ApiSwitchingProtocolsResponse');
export const ApiTags = decorator('ApiTags');
export const ApiTemporaryRedirectResponse = decorator('ApiTemporaryRedirectResponse');
export const ApiTooManyRequestsResponse = decorator('ApiTooManyRequestsResponse');
export const ApiUnauthorizedResponse = decorator('ApiUnauthorizedResponse');
export const ApiUnprocessableEntityResponse = decorator('ApiUnprocessableEntityResponse');
export const ApiUnsupportedMediaTypeResponse = decorator('ApiUnsupportedMediaTypeResponse');
export const ApiUriTooLongResponse = decorator('ApiUriTooLongResponse');
export const ApiWebhook = decorator('ApiWebhook');
