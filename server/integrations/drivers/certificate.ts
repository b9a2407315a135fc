/**
 * A key pair and a self-signed X.509 certificate for the CRM connector's generated-key mode (§4):
 * the admin downloads the certificate and places it in the Salesforce connected app; the platform
 * keeps the private key (sealed with the connector's secrets) to sign its JWT assertions.
 * @peculiar/x509 builds the certificate on Node's WebCrypto (no OpenSSL binary needed); its dependency
 * injection (tsyringe) needs the reflect-metadata polyfill loaded first.
 */
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
const VALID_DAYS = 2 * 365;

export interface GeneratedCertificate {
  privateKeyPem: string;
  certificatePem: string;
  expiresAt: string;
}

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;

export async function generateCertificate(commonName: string, now = new Date()): Promise<GeneratedCertificate> {
  const keys = await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
  const notAfter = new Date(now.getTime() + VALID_DAYS * 86_400_000);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(16))).toString('hex').replace(/^[89a-f]/, '1'),
    // The name is the connector's, escaped for a distinguished name.
    name: `CN=${commonName.replace(/[,=+<>#;"\\]/g, ' ').trim().slice(0, 60) || 'Postroom'}, O=Postroom`,
    notBefore: now,
    notAfter,
    signingAlgorithm: ALGORITHM,
    keys: keys as unknown as CryptoKeyPair,
    extensions: [new x509.BasicConstraintsExtension(false, undefined, true), new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true)],
  });
  return {
    privateKeyPem: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
    certificatePem: certificate.toString('pem'),
    expiresAt: notAfter.toISOString(),
  };
}
