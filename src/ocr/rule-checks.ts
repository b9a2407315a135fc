/**
 * The checks of the OCR data extraction module's field rules (pure, browser and server): the
 * settings screen shows them on each rule as it is edited, the server refuses a save that has any
 * (422 `ocrRulesInvalid`), and the pipeline step refuses to run rules that would throw (a pattern
 * that is not a regular expression). Codes: `OCR_RULE_PROBLEM_CODES` in the contract.
 */
import type { FieldRuleInput, OcrRuleProblem } from '../contract/ocr-data-extraction';
import { compileRulePattern, type RulePatternProblem } from './rule-pattern';

/** `patternInvalid` or `patternUnsupported` (RE2 cannot run it) for a pattern, or null when it may run. */
function patternProblem(pattern: string): RulePatternProblem | null {
  const compiled = compileRulePattern(pattern);
  return compiled.ok ? null : { code: compiled.code, params: compiled.params } as RulePatternProblem;
}

const inPage = (value: number) => Number.isFinite(value) && value >= 0 && value <= 1;

export function checkFieldRules(rules: readonly FieldRuleInput[]): OcrRuleProblem[] {
  const problems: OcrRuleProblem[] = [];
  const seen = new Set<string>();
  rules.forEach((rule, index) => {
    const add = (code: OcrRuleProblem['code'], field: string, params: OcrRuleProblem['params'] = {}) => problems.push({ code, index, field, params });
    const name = rule.name.trim();
    if (name === '') add('ruleNameEmpty', 'name');
    else if (seen.has(name.toLowerCase())) add('ruleNameTaken', 'name', { name });
    seen.add(name.toLowerCase());
    if (rule.by === 'label') {
      // An empty label would be found at the start of every line.
      if (rule.labels.length === 0 || rule.labels.some((label) => label.trim() === '')) add('labelsEmpty', 'labels');
      const problem = rule.value ? patternProblem(rule.value) : null;
      if (problem !== null) add(problem.code, 'value', problem.params);
    } else if (rule.by === 'pattern') {
      const problem = rule.pattern.trim() === '' ? null : patternProblem(rule.pattern);
      if (rule.pattern.trim() === '') add('patternEmpty', 'pattern');
      else if (problem !== null) add(problem.code, 'pattern', problem.params);
    } else {
      const { x0, y0, x1, y1 } = rule.zone;
      if (![x0, y0, x1, y1].every(inPage) || x0 >= x1 || y0 >= y1) add('zoneInvalid', 'zone');
    }
  });
  return problems;
}
