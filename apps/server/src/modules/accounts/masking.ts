/** How contacts are shown back to members: enough to recognise, not enough to harvest. */
export function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 5)}*****${mobile.slice(-3)}`;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 2)}***@${domain}`;
}
