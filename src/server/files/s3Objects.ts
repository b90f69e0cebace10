// S3-compatible object storage (AWS S3, MinIO, Ceph, Garage, R2...) through the AWS SDK v3. Configured by the
// SDK's own variables (AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL, AWS_REGION, AWS_ACCESS_KEY_ID and
// AWS_SECRET_ACCESS_KEY or any other credential source the SDK knows) plus S3_BUCKET, an optional S3_PREFIX for
// the keys, and S3_FORCE_PATH_STYLE (default: on with a custom endpoint, as most S3-compatible servers want).
// Uploads stream from the scratch file in parts (lib-storage: a multipart upload above one part, aborted on error
// so no half object stays); downloads stream the object's body, a range passed through to the store.
import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { RangeNotSatisfiable, resolveRange, type ObjectStore, type RangeRequest, type StoredObject } from './objects';

/** 8 MiB parts, two in flight: at most about 24 MB of an upload is in memory, whatever the file's size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;
/** How long /readyz waits for the store before calling it unreachable. */
const CHECK_TIMEOUT_MS = 5000;

export interface S3Settings {
  bucket: string;
  prefix: string;
  forcePathStyle: boolean;
  /** Sockets to the store: a playing tone holds one for its whole download. */
  maxSockets: number;
}

/** The settings from the environment, or undefined when S3_BUCKET is not set (local files). */
export function s3Settings(env: NodeJS.ProcessEnv = process.env): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  const customEndpoint = Boolean(env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL);
  return {
    bucket: env.S3_BUCKET,
    prefix: (env.S3_PREFIX ?? '').replace(/^\/+|\/+$/g, ''),
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === '1' : customEndpoint,
    maxSockets: Number(env.S3_MAX_SOCKETS || 200),
  };
}

const rangeHeader = (r: RangeRequest) => ('suffix' in r ? `bytes=-${r.suffix}` : `bytes=${r.start}-${r.end ?? ''}`);

const statusOf = (e: unknown) => (e instanceof S3ServiceException ? e.$metadata.httpStatusCode : undefined);

export class S3Objects implements ObjectStore {
  readonly client: S3Client;

  constructor(
    readonly settings: S3Settings,
    client?: S3Client,
  ) {
    this.client =
      client ??
      new S3Client({
        forcePathStyle: settings.forcePathStyle,
        requestHandler: {
          connectionTimeout: CHECK_TIMEOUT_MS,
          httpAgent: { keepAlive: true, maxSockets: settings.maxSockets },
          httpsAgent: { keepAlive: true, maxSockets: settings.maxSockets },
        },
      });
  }

  get location(): string {
    return `s3://${this.settings.bucket}${this.settings.prefix ? `/${this.settings.prefix}` : ''}`;
  }

  private key(key: string): string {
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }

  async adopt(key: string, path: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.key(key), Body: createReadStream(path) },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    await upload.done();
    await unlink(path).catch(() => undefined);
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key), Body: data }));
  }

  async get(key: string, range?: RangeRequest): Promise<StoredObject | undefined> {
    const Key = this.key(key);
    if (range && 'suffix' in range) {
      // Not every S3-compatible server reads "bytes=-n" right (s3rver serves the first n bytes): the size first.
      const size = await this.size(Key);
      if (size === undefined) return undefined;
      range = resolveRange(range, size);
    }
    try {
      const r = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key, Range: range ? rangeHeader(range) : undefined }),
      );
      const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(r.ContentRange ?? '');
      const stream = r.Body as Readable;
      if (m) return { stream, size: Number(m[3]), range: { start: Number(m[1]), end: Number(m[2]) } };
      return { stream, size: Number(r.ContentLength ?? 0) };
    } catch (e) {
      const status = statusOf(e);
      if (status === 404) return undefined;
      if (status === 416) throw new RangeNotSatisfiable((await this.size(Key)) ?? 0);
      throw e;
    }
  }

  private async size(Key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key }));
      return Number(head.ContentLength ?? 0);
    } catch (e) {
      if (statusOf(e) === 404) return undefined;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }), {
        abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
      });
    } catch (e) {
      const status = statusOf(e);
      const why = status ? `HTTP ${status} ${(e as Error).name}` : (e as Error).message || (e as Error).name;
      throw new Error(`object storage ${this.location} unreachable: ${why}`, { cause: e });
    }
  }
}
