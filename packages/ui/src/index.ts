// Primitive styles travel with the components; tokens.css is imported once by the app.
import './primitives/primitives.css';
import './data/data.css';

export { Alert, type AlertProps } from './primitives/alert.tsx';
export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './primitives/button.tsx';
export { Checkbox, type CheckboxProps } from './primitives/checkbox.tsx';
export { Chips, type ChipItem, type ChipsProps } from './primitives/chips.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './primitives/confirm-dialog.tsx';
export { Modal, type ModalProps } from './primitives/modal.tsx';
export { lockScroll, scrollLockCount } from './primitives/scroll-lock.ts';
export { SelectField, type SelectFieldProps, type SelectOption } from './primitives/select-field.tsx';
export { Spinner, type SpinnerProps } from './primitives/spinner.tsx';
export { Tabs, type TabItem, type TabsProps } from './primitives/tabs.tsx';
export { TextField, type TextFieldProps } from './primitives/text-field.tsx';
export * from './icons/ui-icons.tsx';
export * from './icons/brand-icons.tsx';
export { DataTable, type Column, type DataTableProps } from './data/data-table.tsx';
export { Pager, type PagerLabels, type PagerProps } from './data/pager.tsx';
export { formatBrl, formatDate, formatDateTime } from './data/format.ts';
export {
  FormAlert,
  FormField,
  SubmitButton,
  type FieldErrorLike,
  type FormAlertProps,
  type FormFieldProps,
  type SubmitButtonProps,
} from './forms/form-pieces.tsx';
export { FilteredTextField, keepAmountCharacters, keepDigits, type ChangeRegistration, type FilteredTextFieldProps } from './forms/filtered-text-field.tsx';
