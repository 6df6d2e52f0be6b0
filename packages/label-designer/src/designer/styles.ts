/** The designer's own CSS, injected once by the component (no CSS pipeline needed in the host). */
export const DESIGNER_CSS = `
.gq-designer{display:flex;height:100%;min-height:480px;font:13px/1.4 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#222;background:#f0f2f5;outline:none}
.gq-main{flex:1;display:flex;flex-direction:column;min-width:0}
.gq-toolbar{display:flex;gap:6px;align-items:center;padding:6px 8px;background:#fff;border-bottom:1px solid #e5e5e5;flex-wrap:wrap}
.gq-toolbar button,.gq-panel button{font:inherit;padding:3px 10px;border:1px solid #d9d9d9;background:#fff;border-radius:4px;cursor:pointer}
.gq-toolbar button:disabled,.gq-panel button:disabled{opacity:.45;cursor:not-allowed}
.gq-toolbar input[type=number]{width:64px}
button.gq-primary{background:#1890ff;border-color:#1890ff;color:#fff}
.gq-canvas-scroll{flex:1;overflow:auto;padding:24px}
.gq-page{background:#fff;box-shadow:0 0 0 1px #d9d9d9,0 2px 8px rgba(0,0,0,.08);user-select:none;touch-action:none;overflow:hidden}
.gq-bg{position:absolute;left:0;top:0;width:100%;height:100%;object-fit:fill;pointer-events:none}
.gq-item{cursor:move;outline:1px dashed rgba(24,144,255,.35);contain:layout style}
.gq-item.gq-dragging{will-change:transform}
.gq-item.gq-selected{outline:1px solid #1890ff;background:rgba(24,144,255,.06)}
.gq-item *{pointer-events:none}
.gq-item .gq-handle{pointer-events:auto;position:absolute;right:-5px;bottom:-5px;width:10px;height:10px;background:#1890ff;border:1px solid #fff;cursor:nwse-resize;z-index:2}
.gq-guide{position:absolute;display:none;pointer-events:none;z-index:9999}
.gq-guide-x{top:0;bottom:0;width:0;border-left:1px dashed #f5222d}
.gq-guide-y{left:0;right:0;height:0;border-top:1px dashed #f5222d}
.gq-band{position:absolute;display:none;border:1px solid #1890ff;background:rgba(24,144,255,.1);pointer-events:none;z-index:9999}
.gq-panel{width:300px;flex:none;background:#fff;border-left:1px solid #e5e5e5;overflow:auto;position:relative}
.gq-panel-actions{display:flex;gap:6px;padding:8px;border-bottom:1px solid #eee;position:sticky;top:0;background:#fff;z-index:3}
.gq-section{border-bottom:1px solid #eee}
.gq-panel .gq-section-head{display:block;width:100%;text-align:left;border:0;border-radius:0;padding:8px;font-weight:600;background:#fafafa}
.gq-caret{display:inline-block;width:14px}
.gq-section-body{padding:6px 8px}
.gq-field{display:flex;align-items:center;gap:6px;margin:4px 0}
.gq-field>label,.gq-field>span{flex:0 0 96px;color:#555}
.gq-field-control{flex:1;display:flex;align-items:center;gap:4px;min-width:0}
.gq-field-control input[type=text],.gq-field-control input[type=number],.gq-field-control select,.gq-field-control textarea{flex:1;min-width:0;font:inherit;padding:2px 4px;border:1px solid #d9d9d9;border-radius:3px}
.gq-field-control :disabled{background:#f5f5f5;color:#aaa}
.gq-counter{font-size:11px;color:#999;flex:none}
.gq-hint{color:#888;margin:4px 0}
.gq-add-grid{display:flex;flex-wrap:wrap;gap:6px}
.gq-add-field{border-style:dashed!important}
.gq-added-list{list-style:none;margin:0;padding:0;max-height:320px;overflow:auto}
.gq-panel .gq-added{display:block;width:100%;text-align:left;border:0;border-radius:0;padding:3px 4px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.gq-panel .gq-added-on{background:#e6f4ff}
.gq-added-type{color:#1890ff;font-size:11px}
.gq-popover{position:absolute;left:8px;right:8px;top:48px;z-index:20;background:#fff;border:1px solid #d9d9d9;border-radius:6px;box-shadow:0 6px 16px rgba(0,0,0,.15);padding:10px}
.gq-popover-title{font-weight:600;margin-bottom:6px}
.gq-popover-row{display:flex;align-items:center;gap:6px;margin:3px 0}
.gq-popover-cols{max-height:240px;overflow:auto}
.gq-popover-actions{display:flex;justify-content:flex-end;gap:6px;margin-top:8px}
.gq-message{margin:8px;padding:8px 10px;border:1px solid #ffccc7;background:#fff2f0;border-radius:4px}
.gq-message a{margin-right:10px}
/* phones and narrow windows: the panel goes under the canvas at full width, the toolbar is one wrapped row of whole words (beside a 300 px panel the canvas and toolbar were a strip of one-character buttons) */
@media (max-width:767px){.gq-designer{flex-direction:column;height:auto}.gq-main{min-height:60vh}.gq-toolbar button{white-space:nowrap}.gq-panel{width:100%;border-left:0;border-top:1px solid #e5e5e5;overflow:visible}}
`;
