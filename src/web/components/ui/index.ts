export { BackLink } from './BackLink';
export {
  Badge,
  type BadgeProps,
  type BadgeTone,
  reviewStatusTone,
  sheetStatusTone,
  statusLabel,
  statusTone,
} from './Badge';
export { Button, type ButtonProps, type ButtonSize, type ButtonVariant, buttonClasses } from './Button';
export { Card, type CardProps } from './Card';
export { Checkbox, type CheckboxProps } from './Checkbox';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { cn, focusRing } from './cn';
export { Dialog, type DialogProps } from './Dialog';
export { EmptyState, type EmptyStateProps } from './EmptyState';
export { ErrorState, type ErrorStateProps } from './ErrorState';
export {
  Input,
  type InputProps,
  Select,
  type SelectOption,
  type SelectProps,
  Textarea,
  type TextareaProps,
} from './Field';
export { LinkButton } from './LinkButton';
export { PageHeader, type PageHeaderProps } from './PageHeader';
export { type QueryLike, QueryStates, type QueryStatesProps } from './QueryStates';
export { Skeleton, SkeletonText } from './Skeleton';
export { Spinner } from './Spinner';
export { Stepper, type StepperProps, type StepState } from './Stepper';
export { Tabs, TabsContent, TabsList, TabsTrigger } from './Tabs';
