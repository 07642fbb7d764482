import { AUDIT_DOMAIN_LABELS, AUDIT_MSG } from '@shared/audit';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { SelectField } from '../../../components/ui/field';
import { NO_AUDIT_FILTERS, type AuditFilters } from '../api/list-audit';

/**
 * Domain and day range above an audit list. The person (club) or club (platform) filter is set by
 * clicking a name in the list and shown here as a chip to clear: no picker of thousands of names.
 */
export function AuditFiltersBar({ value, onChange, whoLabel }: { value: AuditFilters; onChange: (f: AuditFilters) => void; whoLabel: string | null }) {
  const rangeError = value.from && value.to && value.to < value.from ? AUDIT_MSG.rangeOrder : undefined;
  const any = value.action !== '' || value.who !== '' || value.from !== '' || value.to !== '';
  return (
    <form role="search" aria-label="Filtrar registros" onSubmit={(e) => e.preventDefault()} className="mb-4 space-y-3">
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <SelectField label="Assunto" value={value.action} onChange={(e) => onChange({ ...value, action: e.target.value })}>
          <option value="">Todos os assuntos</option>
          {Object.entries(AUDIT_DOMAIN_LABELS).map(([domain, label]) => <option key={domain} value={domain}>{label}</option>)}
        </SelectField>
        <DateInput label="De" value={value.from} onChange={(e) => onChange({ ...value, from: e.target.value })} />
        <DateInput label="Até" value={value.to} error={rangeError} onChange={(e) => onChange({ ...value, to: e.target.value })} />
      </div>
      {any ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {value.who && whoLabel ? <span>Somente <strong>{whoLabel}</strong></span> : null}
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_AUDIT_FILTERS)}>Limpar filtros</Button>
        </div>
      ) : null}
    </form>
  );
}
