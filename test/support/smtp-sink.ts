// The SMTP sink every test shares (a real smtp-server on a free port). It lives with the DMV
// helpers for now; tests outside the DMV import it from here.
export { startSmtpSink, type ReceivedMail, type SmtpSink } from '../e2e/dmv/dmv-support.js';
