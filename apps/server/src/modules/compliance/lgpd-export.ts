import type { CompliancePorts } from './compliance.ports.ts';

export const LGPD_FORMAT = 'lgpd-export/1';
/** Sections other helpers' modules of issue 27 will contribute; listed as missing until compose.ts wires them. */
export const EXPECTED_SECTIONS = ['limits', 'exclusion', 'kyc'] as const;

/** JSON of our values: bigints as decimal strings, dates as ISO 8601 UTC, Buffers never (no bytes leave). */
export function jsonOf(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) => {
    if (typeof item === 'bigint') return item.toString();
    if (item && typeof item === 'object' && 'type' in item && (item as { type: unknown }).type === 'Buffer') return undefined;
    return item;
  });
}

/**
 * Everything held about a member as one JSON document (docs/compliance.md "LGPD export"),
 * streamed: each module's section from its port, then the ledger, read in pages.
 */
export async function* lgpdExport(ports: Pick<CompliancePorts, 'memberData' | 'ledger' | 'timeZone'>, memberId: bigint, generatedAt: Date, own: () => Promise<unknown>): AsyncGenerator<string> {
  const present = new Set(ports.memberData.map((source) => source.section));
  const missing = EXPECTED_SECTIONS.filter((section) => !present.has(section));
  yield `{"format":${jsonOf(LGPD_FORMAT)},"memberId":${jsonOf(memberId.toString())},"generatedAt":${jsonOf(generatedAt.toISOString())},"timeZone":${jsonOf(await ports.timeZone())},"notYetAvailable":${jsonOf(missing)}`;
  for (const source of ports.memberData) {
    yield `,\n${jsonOf(source.section)}:${jsonOf(await source.export(memberId))}`;
  }
  yield `,\n"dataExports":${jsonOf(await own())}`;
  yield ',\n"ledger":[';
  let first = true;
  for await (const movement of ports.ledger.memberMovements(memberId)) {
    yield `${first ? '' : ','}\n${jsonOf({ at: movement.createdAt.toISOString(), type: movement.type, pocket: movement.pocket, amount: movement.amount, balanceAfter: movement.balanceAfter, reference: movement.reference, product: movement.product, vendor: movement.vendor, journalId: movement.journalId })}`;
    first = false;
  }
  yield '\n]}\n';
}
