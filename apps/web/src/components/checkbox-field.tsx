import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className' | 'children'> {
  children: ReactNode;
}

/** A checkbox with its label beside it; the whole label toggles it. */
export function CheckboxField({ children, id, ...input }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className="checkbox">
      <input {...input} id={inputId} type="checkbox" className="checkbox__input" />
      <label htmlFor={inputId} className="checkbox__label">
        {children}
      </label>
    </div>
  );
}
