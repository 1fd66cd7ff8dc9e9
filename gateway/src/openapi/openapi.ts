import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import { addRouteErrors } from './route-errors.js';

export const DOCS_PATH = 'api/docs';
export const DOCS_JSON_PATH = 'api/docs-json';

/** The OpenAPI description of every /api route, built once from the controllers' decorators. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('DineBuds API')
    .setDescription(
      'The public HTTP API of DineBuds, served by the gateway. Sessions travel in the HttpOnly cookie ' +
        `\`${SESSION_COOKIE}\`. Every error answers \`{ statusCode, message, error }\` with one sentence in \`message\`. ` +
        'Before any route, on any path: 400 for what is not valid HTTP, 431 for too long a URL or headers, ' +
        '408 (and a closed connection) for a request that does not arrive whole within the time limit, ' +
        'and 503 with Retry-After when the server sheds load.',
    )
    .setVersion('1.0')
    .addCookieAuth(SESSION_COOKIE)
    .build();
  return addRouteErrors(SwaggerModule.createDocument(app, config));
}

/** Swagger UI at /api/docs, the JSON at /api/docs-json. */
export function setupOpenApi(app: INestApplication): void {
  let document: OpenAPIObject | undefined;
  SwaggerModule.setup(DOCS_PATH, app, () => (document ??= buildOpenApiDocument(app)), {
    jsonDocumentUrl: DOCS_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'DineBuds API',
  });
}
