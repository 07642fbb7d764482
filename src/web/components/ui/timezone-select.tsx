import { forwardRef, type SelectHTMLAttributes } from 'react';
import { TIMEZONE_GROUPS, timezoneOffsetLabel } from '@shared/timezones';
import { SelectField } from './field';

/** The club time zones of spec 9, grouped by region, each with its current UTC offset. */
export const TimezoneSelect = forwardRef<HTMLSelectElement, { label: string; error?: string } & SelectHTMLAttributes<HTMLSelectElement>>(
  function TimezoneSelect(props, ref) {
    return (
      <SelectField ref={ref} {...props}>
        {TIMEZONE_GROUPS.map((g) => (
          <optgroup key={g.region} label={g.region}>
            {g.zones.map((z) => (
              <option key={z.value} value={z.value}>
                ({timezoneOffsetLabel(z.value)}) {z.label}
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
    );
  },
);
