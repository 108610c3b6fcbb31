export { Textarea, type TextareaProps } from './Field';
