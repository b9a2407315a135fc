/**
 * One what-if session on a test run: its messages replayed once on the run's configuration (the
 * baseline, whose NLU results are kept per message), the proposals read from its errors, and each
 * change tried on every message and compared with the baseline. The browser runs it in a worker
 * (features/testing-center/what-if); tests and the bench call it directly. Pure: no DOM, no Node.
 */
import type { NluModuleResult } from '../contract/nlu-module';
import { isLabelKind, type EvaluationKind } from '../contract/testing-evaluation';
import type { TestReplay } from '../contract/testing-runs';
import type { NluSource } from '../nlu/types';
import { warmSnippets } from '../extraction/snippets';
import { dictionaryProposals, fieldRelaxations, missedCategories, missedFields, ruleRelaxations, type FieldProposal, type Proposal, type ProposalMessage, type RuleProposal } from './proposals';
import { replaySetupOf, type ReplayNluLists } from './replay-setup';
import { nluSourceOf } from '../nlu/source-of';
import type { MessageOutcomes } from './outcomes';
import { applyChange, type WhatIfChange } from './what-if-change';
import { compareOutcomes, replayOutcomes, type WhatIfComparison } from './what-if';

export type Progress = (done: number, total: number) => void;

export interface Baseline {
  total: number;
  /** Messages with an extracted text to replay (the others keep the run's outcomes). */
  replayable: number;
  /** Messages whose replay on the unchanged configuration differs from the run (the NLU configuration changed since, or a module cannot be replayed). */
  drift: WhatIfComparison['changed'];
  /** Modules the browser cannot run that could have changed a value. */
  notReplayed: string[];
  /** Message id → name, for the proposals' messages. */
  names: Record<string, string>;
}

const RULE_PROPOSALS_PER_CATEGORY = 5;

export class WhatIfSession {
  private readonly source: NluSource;
  private readonly nluCaches: Map<string, NluModuleResult | null>[];
  private baselineOutcomes: MessageOutcomes[] = [];
  private versions = 0;

  constructor(
    private readonly replay: TestReplay,
    private readonly lists: ReplayNluLists,
  ) {
    warmSnippets();
    this.source = nluSourceOf(lists);
    this.nluCaches = replay.messages.map(() => new Map());
  }

  get kinds(): readonly EvaluationKind[] {
    return this.replay.kinds;
  }

  private setup(settings: TestReplay['settings'], source: NluSource) {
    return replaySetupOf(settings, source, this.lists.servers, `what-if:${this.replay.id}:${(this.versions += 1)}`);
  }

  /** Replays every message on the run's configuration. */
  baseline(progress?: Progress): Baseline {
    const setup = this.setup(this.replay.settings, this.source);
    const notReplayed = new Set<string>();
    const { messages } = this.replay;
    this.baselineOutcomes = messages.map((message, index) => {
      const replayed = replayOutcomes(message, this.replay, setup, this.nluCaches[index]);
      replayed.notReplayed.forEach((name) => notReplayed.add(name));
      progress?.(index + 1, messages.length);
      return replayed.outcomes;
    });
    const drift = compareOutcomes(
      messages.map((message, index) => ({ messageId: message.messageId, name: message.name, before: message.outcomes, after: this.baselineOutcomes[index]! })),
      this.replay.kinds,
    ).changed;
    return {
      total: messages.length,
      replayable: messages.filter((message) => message.input !== null).length,
      drift,
      notReplayed: [...notReplayed],
      names: Object.fromEntries(messages.map((message) => [message.messageId, message.name])),
    };
  }

  /** The change tried on every message, against the baseline (the run's configuration replayed). */
  evaluate(change: WhatIfChange, progress?: Progress): WhatIfComparison {
    const changed = applyChange(this.replay.settings, this.source, change);
    const setup = this.setup(changed.settings, changed.source);
    // The NLU results of the baseline stay right while the NLU configuration is the one of the run.
    const sameNlu = changed.source === this.source;
    const { messages } = this.replay;
    const after = messages.map((message, index) => {
      const outcome = replayOutcomes(message, this.replay, setup, sameNlu ? this.nluCaches[index] : undefined).outcomes;
      progress?.(index + 1, messages.length);
      return outcome;
    });
    return compareOutcomes(
      messages.map((message, index) => ({ messageId: message.messageId, name: message.name, before: this.baselineOutcomes[index]!, after: after[index]! })),
      this.replay.kinds,
    );
  }

  /** Proposals from the baseline's errors on the body categories; rule relaxations only where they win back missed messages. */
  proposals(progress?: Progress): Proposal[] {
    const kind = this.replay.kinds.find((entry) => entry === 'categories');
    if (kind === undefined || !isLabelKind(kind)) return [];
    const messages: ProposalMessage[] = this.replay.messages.flatMap((message, index) =>
      message.input === null
        ? []
        : [
            {
              messageId: message.messageId,
              text: message.input.extraction.documents
                .filter((document) => document.source !== 'attachment')
                .flatMap((document) => document.blocks.map((block) => block.text))
                .join('\n'),
              rows: this.baselineOutcomes[index]?.[kind] ?? [],
              nlu: [...this.nluCaches[index]!.values()].filter((result): result is NluModuleResult => result !== null),
            },
          ],
    );
    const proposals: Proposal[] = dictionaryProposals({ messages, modules: this.replay.settings.modules, source: this.source, languages: this.replay.settings.languages });
    const missed = missedCategories(messages);
    missed.forEach(({ category, missed: ids }, at) => {
      const indexes = ids.map((id) => this.replay.messages.findIndex((message) => message.messageId === id));
      const won: RuleProposal[] = [];
      for (const candidate of ruleRelaxations(this.replay.settings.modules, category)) {
        const changed = applyChange(this.replay.settings, this.source, candidate.change);
        const setup = this.setup(changed.settings, this.source);
        const back = indexes.filter((index) => {
          const rows = replayOutcomes(this.replay.messages[index]!, this.replay, setup, this.nluCaches[index]).outcomes[kind] ?? [];
          return rows.some((row) => row.value === category && row.outcome === 'TP');
        });
        if (back.length > 0) won.push({ ...candidate, messages: back.map((index) => this.replay.messages[index]!.messageId) });
      }
      proposals.push(...won.sort((a, b) => b.messages.length - a.messages.length).slice(0, RULE_PROPOSALS_PER_CATEGORY));
      progress?.(at + 1, missed.length);
    });
    return [...proposals, ...this.fieldProposals()];
  }

  /** Ways to loosen a field's source, kept where a replay finds values the run missed. */
  private fieldProposals(): FieldProposal[] {
    const kind = this.replay.kinds.find((entry) => entry === 'extracted_informations');
    if (kind === undefined) return [];
    const rows = this.replay.messages.map((message, index) => ({ messageId: message.messageId, rows: message.input === null ? [] : (this.baselineOutcomes[index]?.[kind] ?? []) }));
    return missedFields(rows).flatMap(({ field, missed: ids }) => {
      const indexes = ids.map((id) => this.replay.messages.findIndex((message) => message.messageId === id));
      return fieldRelaxations(this.replay.settings.modules, field).flatMap((candidate) => {
        const changed = applyChange(this.replay.settings, this.source, candidate.change);
        const setup = this.setup(changed.settings, this.source);
        const back = indexes.filter((index) => {
          const outcomes = replayOutcomes(this.replay.messages[index]!, this.replay, setup, this.nluCaches[index]).outcomes[kind] ?? [];
          return outcomes.some((row) => row.value === field && row.outcome === 'TP');
        });
        return back.length === 0 ? [] : [{ ...candidate, messages: back.map((index) => this.replay.messages[index]!.messageId) }];
      });
    });
  }
}
