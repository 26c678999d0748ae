export declare const ROOT: string;
export declare const STAMP: string;
/** Whether dist/ is current: the CLI then runs the compiled build. */
export declare function compiledIsCurrent(): boolean;
