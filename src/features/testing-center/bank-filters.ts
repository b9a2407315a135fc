/** The bank list's filters as the URL holds them (so back and reload keep them), and the query they make. */
import { INPUT_TYPES, type InputType } from '../../contract/uploads';
import { BANK_PAGE_SIZES } from '../../contract/testing-center-bank';
import { QUALIFICATION_STATES, type QualificationState } from '../../contract/testing-center';
import type { BankQuery } from './queries';

export interface BankFilters {
  search: string;
  tag: string;
  inputType: InputType | '';
  qualification: QualificationState | '';
  setId: string;
  page: number;
  pageSize: number;
}

export function readBankFilters(params: URLSearchParams): BankFilters {
  const inputType = params.get('input') ?? '';
  const qualification = params.get('state') ?? '';
  const size = Number(params.get('size'));
  return {
    search: params.get('q') ?? '',
    tag: params.get('tag') ?? '',
    inputType: (INPUT_TYPES as readonly string[]).includes(inputType) ? (inputType as InputType) : '',
    qualification: (QUALIFICATION_STATES as readonly string[]).includes(qualification) ? (qualification as QualificationState) : '',
    setId: params.get('set') ?? '',
    page: Math.max(1, Math.floor(Number(params.get('page')) || 1)),
    pageSize: (BANK_PAGE_SIZES as readonly number[]).includes(size) ? size : 25,
  };
}

export function writeBankFilters(filters: BankFilters): URLSearchParams {
  const out = new URLSearchParams();
  if (filters.search) out.set('q', filters.search);
  if (filters.tag) out.set('tag', filters.tag);
  if (filters.inputType) out.set('input', filters.inputType);
  if (filters.qualification) out.set('state', filters.qualification);
  if (filters.setId) out.set('set', filters.setId);
  if (filters.page > 1) out.set('page', String(filters.page));
  if (filters.pageSize !== 25) out.set('size', String(filters.pageSize));
  return out;
}

export function bankQueryOf(filters: BankFilters, search: string): BankQuery {
  return {
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(filters.tag ? { tags: [filters.tag] } : {}),
    ...(filters.inputType ? { inputType: [filters.inputType] } : {}),
    ...(filters.qualification ? { qualification: [filters.qualification] } : {}),
    ...(filters.setId ? { setId: filters.setId } : {}),
    page: filters.page,
    pageSize: filters.pageSize,
  };
}
