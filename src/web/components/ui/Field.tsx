import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cn } from './cn';

export type FieldProps = {
  /** Visible label (required: every field has one). */
  label: ReactNode;
  /** Help text under the label. */
  hint?: ReactNode;
  /** Error text under the field; marks the control aria-invalid. */
  error?: ReactNode;
  /** Hides the label visually (still read by screen readers). Use sparingly, e.g. search boxes. */
  hideLabel?: boolean;
  className?: string;
};

export const controlClasses = cn(
  'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm sm:text-sm',
  'placeholder:text-slate-500 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
  'focus:outline-none focus-visible:border-blue-600 focus-visible:ring-2 focus-visible:ring-blue-600/40',
);

/** Ids and aria attributes shared by every field control. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: ReactNode) {
  const auto = useId();
  const controlId = id ?? auto;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return {
    controlId,
    hintId,
    errorId,
    describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
}

type FieldFrameProps = FieldProps & {
  controlId: string;
  hintId?: string;
  errorId?: string;
  required?: boolean;
  children: ReactNode;
};

/** Label, hint, control and error line, in that order. */
export function FieldFrame({
  label,
  hint,
  error,
  hideLabel,
  className,
  controlId,
  hintId,
  errorId,
  required,
  children,
}: FieldFrameProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className={cn('text-sm font-medium text-slate-800', hideLabel && 'sr-only')}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The props Input, Textarea and Select take besides their element's own. */
type ControlProps = FieldProps & { id?: string; required?: boolean; inputClassName?: string };

/**
 * What Input, Textarea and Select share: the frame's props, and the control's id, description,
 * validity and classes (`extra`: classes of that kind of control). `rest` goes on the control after.
 */
function useControl<P extends ControlProps>(
  { label, hint, error, hideLabel, className, inputClassName, id, ...rest }: P,
  extra?: string,
) {
  const ids = useFieldIds(id, hint, error);
  return {
    frame: { label, hint, error, hideLabel, className, required: rest.required, ...ids },
    control: {
      id: ids.controlId,
      'aria-describedby': ids.describedBy,
      'aria-invalid': error ? true : undefined,
      className: cn(controlClasses, extra, error ? 'border-red-600' : 'border-slate-300', inputClassName),
    },
    rest,
  };
}

export type InputProps = FieldProps &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
    inputClassName?: string;
    ref?: Ref<HTMLInputElement>;
    /** Shown right after the control, on its line (a number's unit): hint and error stay above and below. */
    after?: ReactNode;
  };

export function Input({ after, ...props }: InputProps) {
  const { frame, control, rest } = useControl(props);
  return (
    <FieldFrame {...frame}>
      {after ? (
        <div className="flex items-center gap-2">
          <input {...control} {...rest} />
          {after}
        </div>
      ) : (
        <input {...control} {...rest} />
      )}
    </FieldFrame>
  );
}

export type TextareaProps = FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & {
    inputClassName?: string;
    ref?: Ref<HTMLTextAreaElement>;
  };

export function Textarea(props: TextareaProps) {
  const { frame, control, rest } = useControl(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...control} {...rest} rows={rest.rows ?? 4} />
    </FieldFrame>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> & {
    /** Options to render; or pass <option> children instead. */
    options?: SelectOption[];
    /** A first, empty option (value ''), e.g. 'Choose…'. */
    placeholder?: string;
    inputClassName?: string;
    ref?: Ref<HTMLSelectElement>;
  };

/** A native select (best on phones and for assistive technology), styled like the other fields. */
export function Select({ options, placeholder, children, ...props }: SelectProps) {
  const { frame, control, rest } = useControl(props, 'pr-8');
  return (
    <FieldFrame {...frame}>
      <select {...control} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </FieldFrame>
  );
}

/** The required marker of a label that is not a control's own (a legend, a group's heading): a red
 * asterisk, and "(required)" for screen readers. */
export function RequiredMark() {
  return (
    <>
      <span className="ml-0.5 text-red-700" aria-hidden="true">
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}
