import type { ProposalDiff } from '@shared/schemas/claim';

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  return Array.isArray(value) ? value.join('\n') : String(value);
}

/**
 * A maker's proposed changes, field by field, before and after: the same table on the maker's management page and
 * in the curators' queue, so both read the proposal alike.
 */
export function ProposalDiffTable({
  diff,
  rowTestId,
  className = '',
}: {
  diff: ProposalDiff[];
  rowTestId: string;
  className?: string;
}) {
  return (
    <table className={`w-full table-fixed border-collapse text-left text-sm ${className}`}>
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          <th scope="col" className="w-32 py-1 pr-2 font-medium">
            Field
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            Now
          </th>
          <th scope="col" className="py-1 font-medium">
            Proposed
          </th>
        </tr>
      </thead>
      <tbody>
        {diff.map((change) => (
          <tr key={change.field} className="border-b border-slate-100 align-top" data-testid={rowTestId}>
            <th scope="row" className="py-2 pr-2 font-semibold text-slate-900">
              {change.label}
            </th>
            <td className="whitespace-pre-wrap break-words bg-red-50 py-2 pr-2 text-slate-700 line-through decoration-red-400">
              {shown(change.before)}
            </td>
            <td className="whitespace-pre-wrap break-words bg-emerald-50 py-2 text-slate-900">{shown(change.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
