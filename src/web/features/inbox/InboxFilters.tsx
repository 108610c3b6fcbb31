import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MAX_STAGES, stageTabLabel } from '../../../shared/domain/stages';
import type { InboxStatus } from '../../../shared/schemas/reviews';
import type { Stage } from '../../../shared/schemas/stages';
import { Button } from '../../components/ui/Button';
import { Input, Select } from '../../components/ui/Field';
import { orgProgramsQuery } from '../programs-admin/api';
import { inboxViews } from './views';

/** What the inbox's filters change (a key present with undefined clears that filter). */
export interface InboxFilterChange {
  status?: InboxStatus;
  programId?: string | undefined;
  stage?: number | undefined;
  minScore?: number | undefined;
  decision?: string | undefined;
}

/**
 * The inbox's filters: program (and, for a program in stages, its stage; for all programs, a stage
 * number), a minimum score, a decision, and the views, each view's button showing how many
 * applications it holds.
 */
export function InboxFilters({
  orgSlug,
  status,
  programId,
  stage,
  minScore,
  decision,
  chain,
  decisionOptions,
  counts,
  onChange,
}: {
  orgSlug: string;
  status: InboxStatus;
  programId: string | undefined;
  /** The organization-wide inbox's stage number. */
  stage: number | undefined;
  minScore: number | undefined;
  decision: string | undefined;
  /** The chosen program's stages (decision 066), stage 1 first. */
  chain: Stage[] | undefined;
  /** The chosen program's decisions (its reviewer form), or null when it shows none. */
  decisionOptions: string[] | null;
  counts: Record<InboxStatus, number> | undefined;
  onChange: (next: InboxFilterChange) => void;
}) {
  const programs = useQuery(orgProgramsQuery(orgSlug));
  const items = programs.data?.items ?? [];
  // A later stage is chosen through its program's Stage filter, not as a program of its own.
  const chosen = items.find((p) => p.id === programId);
  const rootId = chosen?.parent_program_id ?? programId;
  const deepest = Math.min(MAX_STAGES, Math.max(1, ...items.map((p) => p.stage_number ?? 1)));
  const decisions = [
    ...(decisionOptions ?? []),
    ...(decision && !decisionOptions?.some((d) => d.toLowerCase() === decision.toLowerCase())
      ? [decision]
      : []),
  ];
  return (
    <div className="mt-6 flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Select
          label="Program"
          value={rootId ?? ''}
          onChange={(e) =>
            onChange({ programId: e.target.value || undefined, stage: undefined, decision: undefined })
          }
          options={[
            { value: '', label: 'All programs' },
            ...items.filter((p) => !p.parent_program_id).map((p) => ({ value: p.id, label: p.name })),
            // A program from a link that is not (yet) in the list still shows as chosen.
            ...(rootId && programs.data && !items.some((p) => p.id === rootId)
              ? [{ value: rootId, label: 'This program' }]
              : []),
          ]}
        />
        {programId && chain && chain.length > 1 ? (
          <Select
            label="Stage"
            value={programId}
            onChange={(e) => onChange({ programId: e.target.value, decision: undefined })}
            options={chain.map((s) => ({ value: s.id, label: stageTabLabel(s.stage_number, s.name) }))}
          />
        ) : !programId && deepest > 1 ? (
          <Select
            label="Stage"
            value={stage ? String(stage) : ''}
            onChange={(e) => onChange({ stage: e.target.value ? Number(e.target.value) : undefined })}
            options={[
              { value: '', label: 'All stages' },
              ...Array.from({ length: deepest }, (_, i) => ({
                value: String(i + 1),
                label: `Stage ${i + 1}`,
              })),
            ]}
          />
        ) : null}
        <MinScore value={minScore} onChange={(v) => onChange({ minScore: v })} />
        {decisions.length > 0 && (
          <Select
            label="Decision"
            value={decision ?? ''}
            onChange={(e) => onChange({ decision: e.target.value || undefined })}
            options={[
              { value: '', label: 'Any decision' },
              ...decisions.map((d) => ({ value: d, label: d })),
            ]}
          />
        )}
      </div>
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="mr-2 text-sm font-medium text-slate-700 max-sm:mb-2 max-sm:w-full sm:float-left sm:py-1.5">
          Review status
        </legend>
        {inboxViews.map((v) => {
          const count = counts?.[v.value];
          return (
            <Button
              key={v.value}
              size="sm"
              variant={status === v.value ? 'primary' : 'secondary'}
              aria-pressed={status === v.value}
              onClick={() => onChange({ status: v.value })}
            >
              {v.label}
              {count !== undefined && <span className="tabular-nums"> ({count})</span>}
            </Button>
          );
        })}
      </fieldset>
    </div>
  );
}

/**
 * "Score ≥": applied as it is typed once it is a number (empty clears it). The mean of the submitted
 * score sheets where there are any, else the shared review's score, as the server filters.
 */
function MinScore({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (v: number | undefined) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  // A change from elsewhere (a link, Back) shows here too.
  useEffect(() => {
    setText((t) => (Number(t) === value && t !== '' ? t : value === undefined ? '' : String(value)));
  }, [value]);
  const bad = text !== '' && (!Number.isFinite(Number(text)) || Number(text) < 0);
  return (
    <Input
      label="Minimum score"
      type="number"
      inputMode="decimal"
      min={0}
      step="any"
      value={text}
      hint="Mean of score sheets, else the review’s score."
      error={bad ? 'Give a score of 0 or more.' : undefined}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        if (next === '') onChange(undefined);
        else if (Number.isFinite(Number(next)) && Number(next) >= 0) onChange(Number(next));
      }}
    />
  );
}
