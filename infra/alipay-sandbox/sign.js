// RSA2 (SHA256withRSA) signing the way Alipay's openapi gateway does it: the parameters sorted by name,
// empty ones left out, joined as k=v&k=v with raw (not URL-encoded) values.
'use strict';

const crypto = require('node:crypto');

/** Makes a key object from what people paste: a PEM, or the bare one-line base64 body Alipay's key tool shows. */
function toKey(text, kind) {
  const body = String(text ?? '').trim();
  if (!body) throw new Error(`missing ${kind} key`);
  if (body.includes('-----BEGIN')) return kind === 'private' ? crypto.createPrivateKey(body) : crypto.createPublicKey(body);
  const der = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (kind === 'public') return crypto.createPublicKey({ key: der, format: 'der', type: 'spki' });
  try {
    return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    return crypto.createPrivateKey({ key: der, format: 'der', type: 'pkcs1' });
  }
}

/** The string Alipay signs: every non-empty parameter except the omitted ones, sorted, k=v joined by &. */
function signContent(params, omit = ['sign']) {
  return Object.keys(params)
    .filter((k) => !omit.includes(k) && params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

const signText = (text, privateKey) => crypto.createSign('RSA-SHA256').update(text, 'utf8').sign(privateKey, 'base64');

function verifyText(text, sign, publicKey) {
  try {
    return crypto.createVerify('RSA-SHA256').update(text, 'utf8').verify(publicKey, String(sign ?? ''), 'base64');
  } catch {
    return false;
  }
}

/** Two fresh RSA2 key pairs as Alipay's key tool writes them: bare base64, private keys PKCS#1, public keys SPKI. */
function generateKeyPair() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ format: 'der', type: 'pkcs1' }).toString('base64'),
    publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
  };
}

module.exports = { toKey, signContent, signText, verifyText, generateKeyPair };
