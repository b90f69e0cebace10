// A real S3-compatible server for the tests (s3rver from npm, on loopback, its objects in a temp folder): the
// object-storage driver and the load-balanced processes store their files in it through the AWS SDK, as they
// would in a bucket of AWS, MinIO or Ceph. Each test file starts its own, with one fresh bucket.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { S3Objects } from '../../src/server/files/s3Objects';

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The variables a server process reads to use this bucket (the SDK's own, plus S3_BUCKET). */
  env: Record<string, string>;
  client: S3Client;
  /** A driver on this bucket, its keys under prefix. */
  objects(prefix?: string): S3Objects;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  stop(): Promise<void>;
  /** Starts it again on the same port and folder (after stop), for the readiness tests. */
  restart(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export async function startS3(bucket = 'rbt-files'): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'rbt-s3-'));
  let server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  let running = true;
  const stop = async () => {
    if (running) await server.close();
    running = false;
  };
  return {
    endpoint,
    bucket,
    env: {
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_BUCKET: bucket,
    },
    client,
    objects: (prefix = '') => new S3Objects({ bucket, prefix, forcePathStyle: true, maxSockets: 50 }, client),
    async keys() {
      const out: string[] = [];
      let token: string | undefined;
      do {
        const r = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        out.push(...(r.Contents ?? []).map((o) => o.Key!));
        token = r.NextContinuationToken;
      } while (token);
      return out.sort();
    },
    stop,
    async restart() {
      server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
      await server.run();
      running = true;
    },
    async close() {
      await stop();
      client.destroy();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
