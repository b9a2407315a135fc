/** Request-size bounds of the analyses routes. */
import { UPLOAD_LIMITS } from '../../src/contract/uploads';

/**
 * A simulated mail carries its attachments as base64 in JSON: the §5 total (UPLOAD_LIMITS) grown by
 * a third, plus room for the body and the JSON around it. `uploadProblems` then checks the decoded sizes.
 */
export const SIMULATED_MAIL_BODY_LIMIT = Math.ceil((UPLOAD_LIMITS.maxTotalBytes * 4) / 3) + 4 * 1024 * 1024;
