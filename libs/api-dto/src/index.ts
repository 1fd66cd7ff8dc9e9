// Request classes (validation + OpenAPI) and response classes (OpenAPI) of the public API and the
// services' RPC bodies, each implementing its contracts type. Backend only.
export * from './validation/first-message.js';
export * from './validation/body-structure.js';
export * from './validation/validation-options.js';
export * from './validation/validate-request.js';
export * from './validation/validators.js';
export * from './validation/transforms.js';
export * from './validation/base64-image.js';
export * from './common/paging.dto.js';
export * from './common/user.dto.js';
export * from './common/common.responses.js';
export * from './identity/auth.dto.js';
export * from './identity/users.dto.js';
export * from './identity/sessions.dto.js';
export * from './identity/badges.dto.js';
export * from './identity/users.responses.js';
export * from './identity/badges.responses.js';
export * from './identity/sessions.responses.js';
export * from './social/social.dto.js';
export * from './social/social.responses.js';
export * from './reviews/reviews.dto.js';
export * from './reviews/reviews.responses.js';
export * from './reviews/discovery.dto.js';
export * from './reviews/discovery.responses.js';
export * from './messaging/messaging.dto.js';
export * from './messaging/messaging.responses.js';
