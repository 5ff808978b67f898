import { Catch, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { sendPage, sendRedirect } from '../../common/http/page.js';
import { PageRefusal } from '../../common/http/page-refusal.js';
import { AuthorizePageError, AuthorizeRedirectError } from '../services/oauth.service.js';
import { brokerHeaders, errorPage } from '../views/layout.js';

/**
 * The broker pages' refusals as the HTML error page titled `title`: an /authorize request that
 * cannot go back to the client (400), a refusal of the use case (its status and message), or, for
 * a pre-registered client, the redirect back to it with the error. Everything else goes to the
 * service's filter.
 */
@Catch(AuthorizePageError, AuthorizeRedirectError, PageRefusal)
export class PageErrorFilter implements ExceptionFilter {
  constructor(private readonly title: string) {}

  catch(exception: AuthorizePageError | AuthorizeRedirectError | PageRefusal, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof AuthorizeRedirectError) {
      void reply.send(sendRedirect(reply, exception.redirect, 302, brokerHeaders()));
      return;
    }
    const status = exception instanceof PageRefusal ? exception.status : 400;
    void reply.send(sendPage(reply, errorPage(status, this.title, exception.message)));
  }
}
