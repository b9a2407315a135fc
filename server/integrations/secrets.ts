/**
 * A connector's secrets, sealed as one JSON object (crypto/secret-box.ts). Only the server opens it;
 * the console sees the names of the user-given secrets that are set, never a value.
 */
import type { SecretBox } from '../crypto/secret-box';

export interface ConnectorSecrets {
  password?: string;
  clientSecret?: string;
  accessToken?: string;
  refreshToken?: string;
  /** Epoch ms. */
  accessTokenExpiresAt?: number;
  /** The PKCE verifier of the authorization under way. */
  pkceVerifier?: string;
  /** Salesforce: the JWT signing key (generated or provided) and the org's instance after sign-in. */
  privateKey?: string;
  instanceUrl?: string;
  /** n8n: the API key, and the platform's workflow there. */
  apiKey?: string;
  workflowId?: string;
  webhookPath?: string;
}

/** The secrets a user gives (the others come from the provider). */
export const USER_SECRETS = ['password', 'clientSecret', 'privateKey', 'apiKey'] as const;

export function openSecrets(box: SecretBox, sealed: string): ConnectorSecrets {
  return JSON.parse(box.open(sealed)) as ConnectorSecrets;
}

export function sealSecrets(box: SecretBox, secrets: ConnectorSecrets): string {
  return box.seal(JSON.stringify(secrets));
}

/** Stored secrets with the non-empty user-given values applied. */
export function mergeUserSecrets(stored: ConnectorSecrets, given: Record<string, string>): ConnectorSecrets {
  const next: ConnectorSecrets = { ...stored };
  for (const name of USER_SECRETS) {
    const value = given[name];
    if (typeof value === 'string' && value !== '') next[name] = value;
  }
  return next;
}
