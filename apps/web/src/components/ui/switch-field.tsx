import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';

interface SwitchFieldProps<F extends FieldValues, T extends FieldValues> {
  control: Control<F, unknown, T>;
  name: FieldPathByValue<F, boolean | null | undefined>;
  /** Fixed, or following the switch (e.g. "Active" / "Inactive"). */
  label: ReactNode | ((isChecked: boolean) => ReactNode);
  testId: string;
  /** How an unset field shows. */
  isCheckedByDefault?: boolean;
}

/** A labelled on/off switch bound to a boolean field of a react-hook-form form. */
export function SwitchField<F extends FieldValues, T extends FieldValues = F>({
  control,
  name,
  label,
  testId,
  isCheckedByDefault = false,
}: SwitchFieldProps<F, T>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => {
        const isChecked = field.value ?? isCheckedByDefault;
        return (
          <FormControlLabel
            label={typeof label === 'function' ? label(isChecked) : label}
            control={
              <Switch
                checked={isChecked}
                onChange={(_event, checked) => field.onChange(checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { 'data-testid': testId } as object }}
              />
            }
          />
        );
      }}
    />
  );
}
