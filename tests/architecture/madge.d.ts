/** The part of madge's API the architecture tests use (the package ships no types). */
declare module 'madge' {
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    tsConfig?: string;
    excludeRegExp?: RegExp[];
    detectiveOptions?: Record<string, { skipTypeImports?: boolean; skipAsyncImports?: boolean }>;
  }
  interface MadgeInstance {
    /** Each module and the modules it imports. */
    obj(): Record<string, string[]>;
    /** Each circle, as the modules it goes through. */
    circular(): string[][];
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeInstance>;
}
