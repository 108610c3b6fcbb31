import { Check } from 'lucide-react';
import { SCHEDULE_PRESETS, schedulePreset } from '../../../shared/domain/featured';
import { featuredCardColors, featuredDefaultCard } from '../../../shared/domain/featured-colors';
import { Button } from '../../components/ui/Button';
import { cn } from '../../components/ui/cn';
import { Input } from '../../components/ui/Field';

/** What the add and edit forms of an item share. Dates are datetime-local strings ('' = none). */
export type ItemDraft = {
  title: string;
  button_label: string;
  card_color: string | null;
  starts_at: string;
  ends_at: string;
};

export const emptyDraft: ItemDraft = {
  title: '',
  button_label: '',
  card_color: null,
  starts_at: '',
  ends_at: '',
};

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as the value of a datetime-local input, in the viewer's time zone. */
export function toLocalInput(value: string | Date | null): string {
  if (!value) return '';
  const d = new Date(value);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value as an ISO instant (null when empty or unreadable). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

const colorName = (cls: string) => {
  const name = cls.replace(/^bg-/, '').replace(/-600$/, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
};

type Props = {
  idPrefix: string;
  draft: ItemDraft;
  onChange: (draft: ItemDraft) => void;
  /** The target's name: the title's placeholder (a blank title shows it). */
  targetName: string;
  scheduleError?: string | null;
};

/** Title, button label, card colour (swatches) and the optional schedule with 7/14/30-day presets. */
export function ItemFields({ idPrefix, draft, onChange, targetName, scheduleError }: Props) {
  const set = (patch: Partial<ItemDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          id={`${idPrefix}-title`}
          label="Title"
          hint="Leave blank to show the name."
          placeholder={targetName}
          value={draft.title}
          maxLength={200}
          onChange={(e) => set({ title: e.target.value })}
        />
        <Input
          id={`${idPrefix}-label`}
          label="Button label"
          hint="Default: Learn More (carousel), View (gallery)."
          value={draft.button_label}
          maxLength={40}
          onChange={(e) => set({ button_label: e.target.value })}
        />
      </div>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Card colour</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {[null, ...featuredCardColors].map((color) => {
            const checked = draft.card_color === color;
            const label = color ? colorName(color) : 'Default (blue gradient)';
            return (
              <label
                key={color ?? 'default'}
                title={label}
                className={cn(
                  'relative grid size-9 cursor-pointer place-items-center rounded-full ring-offset-2',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600',
                  color ?? featuredDefaultCard,
                  checked ? 'ring-2 ring-slate-900' : 'ring-1 ring-slate-300',
                )}
              >
                <input
                  type="radio"
                  className="sr-only"
                  name={`${idPrefix}-color`}
                  value={color ?? ''}
                  checked={checked}
                  onChange={() => set({ card_color: color })}
                />
                <span className="sr-only">{label}</span>
                {checked && <Check className="size-5 text-white" aria-hidden="true" />}
              </label>
            );
          })}
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Schedule (optional)</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {SCHEDULE_PRESETS.map((days) => (
            <Button
              key={days}
              size="sm"
              variant="secondary"
              onClick={() => {
                const p = schedulePreset(days, new Date());
                set({ starts_at: toLocalInput(p.startsAt), ends_at: toLocalInput(p.endsAt) });
              }}
            >
              {days} days
            </Button>
          ))}
          <Button size="sm" variant="ghost" onClick={() => set({ starts_at: '', ends_at: '' })}>
            Always visible
          </Button>
        </div>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <Input
            id={`${idPrefix}-start`}
            label="Start"
            type="datetime-local"
            value={draft.starts_at}
            onChange={(e) => set({ starts_at: e.target.value })}
          />
          <Input
            id={`${idPrefix}-end`}
            label="End"
            type="datetime-local"
            value={draft.ends_at}
            error={scheduleError ?? undefined}
            onChange={(e) => set({ ends_at: e.target.value })}
          />
        </div>
      </fieldset>
    </div>
  );
}
