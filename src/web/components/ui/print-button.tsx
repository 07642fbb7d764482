import { Printer } from 'lucide-react';
import { Button, type ButtonProps } from './button';

/** 'Imprimir' (or another label): the browser's print of the page, with the printer icon. */
export function PrintButton({ children = 'Imprimir', ...rest }: Omit<ButtonProps, 'onClick' | 'icon'>) {
  return <Button icon={<Printer aria-hidden="true" className="h-4 w-4" />} onClick={() => window.print()} {...rest}>{children}</Button>;
}
