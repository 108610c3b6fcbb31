export { Input, type InputProps } from './Field';
