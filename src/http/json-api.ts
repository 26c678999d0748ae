/** The API speaks JSON, validated the kernel's way, and answers every error in the one envelope (an outage reported to storage). */
import type { FastifyInstance } from 'fastify';
import { installErrorHandler } from './error-handler.ts';
import { ErrorEnvelope } from './schemas.ts';
import { validatorCompiler } from './validation.ts';

export function installJsonApi(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  // The API speaks JSON only: a text/plain body is 415, not a string handed to validation.
  app.removeContentTypeParser('text/plain');
  app.addSchema(ErrorEnvelope);
  installErrorHandler(app, (error) => app.storage.availability.report(error));
}
