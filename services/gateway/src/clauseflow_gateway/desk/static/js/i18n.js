// English and Chinese labels. The browser's language decides at first; the toggle remembers a choice.

const LABELS = {
  en: {
    skip: "Skip to content", desk: "review desk", reviews: "Reviews", newReview: "New review",
    apiKey: "API key", apiKeyHint: "not needed when auth is off", save: "Save", keySaved: "API key saved for this tab.",
    keyCleared: "API key cleared.", needKey: "This gateway needs an API key: enter it at the top right.",
    badKey: "The API key was refused. Check it and save it again.",
    title: "Title", party: "Our party", status: "Status", risks: "Risks", redlines: "Redlines", age: "Age",
    progress: "Progress", anyStatus: "Any status", createdFrom: "Created from", createdTo: "Created to",
    filter: "Filter", clearFilters: "Clear", next: "Next page", previous: "Previous page",
    noReviews: "No reviews match. Start one with “New review”.", loading: "Loading…",
    contractFile: "Contract", contractHint: ".txt, .md, .docx or .pdf", references: "Reference documents",
    referencesHint: "PC, ER, schedules (optional, several allowed)", pcFile: "Particular Conditions (FIDIC, optional)",
    partyHint: "as named in the contract, e.g. “Northwind Analytics Ltd. (the Supplier)”",
    language: "Language of findings", langAuto: "Same as the document", domain: "Domain", domainAuto: "Detect",
    domainGeneric: "Generic commercial", domainFidic: "FIDIC construction", domainSha: "SPA / SHA",
    policy: "Approval policy", policyManual: "I approve every redline", policyAutoLow: "Approve low risks automatically",
    policyAuto: "Approve all automatically", submit: "Start review", submitting: "Uploading and reading…",
    refused: "The upload was refused", optionalTitle: "Title (optional)",
    plan: "Plan", document: "Contract", findings: "Findings", referenceDocument: "Reference document", downloads: "Downloads",
    reportMd: "Report (Markdown)", reportJson: "Report (JSON)", docxRedline: "Word — tracked changes",
    docxClean: "Word — clean", approve: "Approve", edit: "Edit", reject: "Reject", saveEdit: "Use this text",
    cancel: "Cancel", feedback: "What should change? (feedback for the redraft)", rejectSend: "Reject",
    approveSelected: "Approve selected", selectAll: "Select all pending", selected: "selected",
    noFindings: "No findings yet.", waiting: "Reviewing…", original: "Original", proposed: "Proposed",
    reason: "Why", round: "redraft", decided: "Decision recorded.", live: "live", ended: "review ended",
    reconnecting: "connection lost — reconnecting…", keys: "Keyboard", keyNext: "next finding", keyPrev: "previous finding",
    keyApprove: "approve", keyReject: "reject", keyEdit: "edit", keySelect: "select", keyHelp: "this help",
    clauses: "clauses", analysed: "analysed", settled: "settled", warnings: "Notes on the upload",
    notFound: "This review does not exist.", deep: "deep", standard: "standard", quick: "quick",
    high: "high", medium: "medium", low: "low", finalText: "Final text", decidedCount: "decided", earlierDraft: "Earlier draft (replaced by the redraft)", decidedBy: "decided by",
    notQuoted: "quoted text not found in the clause", clause: "Clause", summary: "Summary",
    st_received: "received", st_planning: "planning", st_reviewing: "reviewing", st_in_progress: "reviewing",
    st_awaiting_approval: "awaiting approval", st_summarizing: "summarising", st_completed: "completed", st_failed: "failed", st_incomplete: "incomplete",
    st_pending: "pending", st_approved: "approved", st_rejected: "rejected", st_edited: "edited", st_superseded: "superseded",
    st_planned: "planned", st_dispatched: "analysing", st_analyzing: "analysing", st_analyzed: "analysed",
    st_redrafting: "redrafting", st_settled: "settled",
    minutesAgo: "{n} min ago", hoursAgo: "{n} h ago", daysAgo: "{n} d ago", justNow: "just now",
  },
  zh: {
    skip: "跳到正文", desk: "审阅台", reviews: "审阅列表", newReview: "新建审阅",
    apiKey: "API 密钥", apiKeyHint: "未启用认证时无需填写", save: "保存", keySaved: "API 密钥已保存（仅本标签页）。",
    keyCleared: "API 密钥已清除。", needKey: "此网关需要 API 密钥：请在右上角填写。",
    badKey: "API 密钥被拒绝，请检查后重新保存。",
    title: "标题", party: "我方", status: "状态", risks: "风险", redlines: "修改建议", age: "提交时间",
    progress: "进度", anyStatus: "全部状态", createdFrom: "创建起始", createdTo: "创建截止",
    filter: "筛选", clearFilters: "清除", next: "下一页", previous: "上一页",
    noReviews: "没有符合条件的审阅。点击“新建审阅”开始。", loading: "加载中…",
    contractFile: "合同文件", contractHint: ".txt、.md、.docx 或 .pdf", references: "参考文件",
    referencesHint: "专用条件、发包人要求、附件（可选，可多个）", pcFile: "专用条件（FIDIC，可选）",
    partyHint: "按合同中的名称填写，例如“乙方”或“深蓝智能装备股份有限公司”",
    language: "审阅意见语言", langAuto: "与文件相同", domain: "合同类型", domainAuto: "自动识别",
    domainGeneric: "一般商事合同", domainFidic: "FIDIC 工程合同", domainSha: "股权转让 / 股东协议",
    policy: "审批方式", policyManual: "每条修改建议由我审批", policyAutoLow: "低风险自动批准",
    policyAuto: "全部自动批准", submit: "开始审阅", submitting: "正在上传并读取…",
    refused: "上传被拒绝", optionalTitle: "标题（可选）",
    plan: "审阅计划", document: "合同正文", findings: "审阅意见", referenceDocument: "参考文件", downloads: "下载",
    reportMd: "报告（Markdown）", reportJson: "报告（JSON）", docxRedline: "Word — 修订模式",
    docxClean: "Word — 清洁版", approve: "批准", edit: "修改", reject: "驳回", saveEdit: "采用此文本",
    cancel: "取消", feedback: "需要如何修改？（重拟意见）", rejectSend: "驳回",
    approveSelected: "批准所选", selectAll: "全选待审批", selected: "已选",
    noFindings: "暂无审阅意见。", waiting: "审阅中…", original: "原文", proposed: "建议文本",
    reason: "理由", round: "重拟", decided: "决定已记录。", live: "实时", ended: "审阅已结束",
    reconnecting: "连接中断，正在重连…", keys: "键盘操作", keyNext: "下一条意见", keyPrev: "上一条意见",
    keyApprove: "批准", keyReject: "驳回", keyEdit: "修改", keySelect: "选择", keyHelp: "显示帮助",
    clauses: "个条款", analysed: "已分析", settled: "已完成", warnings: "上传提示",
    notFound: "该审阅不存在。", deep: "深度", standard: "标准", quick: "快速",
    high: "高", medium: "中", low: "低", finalText: "最终文本", decidedCount: "已决定", earlierDraft: "原建议（已被重拟取代）", decidedBy: "决定人",
    notQuoted: "未在条款中找到引用的原文", clause: "条款", summary: "总结",
    st_received: "已接收", st_planning: "规划中", st_reviewing: "审阅中", st_in_progress: "审阅中",
    st_awaiting_approval: "待审批", st_summarizing: "总结中", st_completed: "已完成", st_failed: "失败", st_incomplete: "未完成",
    st_pending: "待审批", st_approved: "已批准", st_rejected: "已驳回", st_edited: "已修改", st_superseded: "已被重拟取代",
    st_planned: "已计划", st_dispatched: "分析中", st_analyzing: "分析中", st_analyzed: "已分析",
    st_redrafting: "重拟中", st_settled: "已完成",
    minutesAgo: "{n} 分钟前", hoursAgo: "{n} 小时前", daysAgo: "{n} 天前", justNow: "刚刚",
  },
};

const STORE_KEY = "clauseflow.lang";
let current = pick();

function pick() {
  const saved = localStorage.getItem(STORE_KEY);
  if (saved === "en" || saved === "zh") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en";
}

/** The current language: "en" or "zh". */
export function lang() {
  return current;
}

/** The label for a key in the current language (English, then the key itself, as fallbacks). */
export function t(key, values = {}) {
  const text = LABELS[current][key] ?? LABELS.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ""));
}

/** A status word (review, clause or redline) in the current language. */
export function statusLabel(status) {
  const key = `st_${status}`;
  return LABELS[current][key] ? t(key) : status.replaceAll("_", " ");
}

let riskTypes = {};

/** Load the readable names of the risk types (the gateway serves the one taxonomy at /desk/risk-types.json). */
export async function loadRiskTypes() {
  try {
    const resp = await fetch("/desk/risk-types.json");
    if (resp.ok) riskTypes = await resp.json();
  } catch {
    // Without the names the page still works: it shows the type ids.
  }
}

/** A risk type's name in the current language (its id, spaced, when the taxonomy does not know it). */
export function riskTypeLabel(id) {
  const names = riskTypes[id];
  return names ? names[current] || names.en : id.replaceAll("_", " ");
}

/** Switch language, remember it, and relabel the static parts of the page. */
export function setLang(value) {
  current = value === "zh" ? "zh" : "en";
  localStorage.setItem(STORE_KEY, current);
  applyStatic();
}

/** Label every element marked data-i18n / data-i18n-placeholder / data-i18n-title. */
export function applyStatic(root = document) {
  document.documentElement.lang = current === "zh" ? "zh-CN" : "en";
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  const toggle = document.getElementById("lang-toggle");
  if (toggle) toggle.textContent = current === "zh" ? "English" : "中文";
}
