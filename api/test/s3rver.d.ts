/** The part of s3rver's API the file store tests use (the fork ships no types). */
declare module '@20minutes/s3rver' {
  interface S3rverOptions {
    address?: string;
    /** 0 picks a free port. */
    port?: number;
    silent?: boolean;
    /** Where the server keeps its buckets. */
    directory?: string;
    /** Accepts a request signed with a known access key whatever its signature. */
    allowMismatchedSignatures?: boolean;
    configureBuckets?: { name: string }[];
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Starts listening; resolves to the bound address. */
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
