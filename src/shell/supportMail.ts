/**
 * A mailto: link with the support e-mail template (subject and body), optionally listing correlation ids.
 * @example
 * supportMailto('support@example.com', 'Problem in the admin', 'What happened: …');
 */
export function supportMailto(address: string | undefined, subject: string, body: string): string {
  return `mailto:${address ?? ''}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
