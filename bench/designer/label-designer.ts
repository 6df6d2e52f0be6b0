/**
 * The part of @gemqc/label-designer the bench page uses, as declarations only. `tsc -p bench` has
 * no JSX, so the page must not import the package's .tsx sources; Vite resolves this module to the
 * package itself when it bundles the page (see `packageFacade` in ../designer.ts).
 */
import type { CSSProperties, ReactElement } from 'react';
import type { DataRow, Template } from '../../packages/label-designer/src/model/types';

export declare function LabelDesigner(props: { template: Template; onSave: (template: Template) => void; style?: CSSProperties }): ReactElement;
export declare function writePrintDocument(doc: Document, template: Template, rows: DataRow[]): Promise<void>;
