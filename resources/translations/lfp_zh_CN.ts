<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>lfp::gui::Appearance</name>
    <message>
        <source>Super-spine</source>
        <translation>超级脊交换机</translation>
    </message>
    <message>
        <source>Spine</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <source>Leaf</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Super-spines</source>
        <translation>超级脊交换机</translation>
    </message>
    <message>
        <source>Spines</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <source>Leaves</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <source>Hosts</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>DAC (copper)</source>
        <translation>DAC（铜缆）</translation>
    </message>
    <message>
        <source>AOC (active optical)</source>
        <translation>AOC（有源光缆）</translation>
    </message>
    <message>
        <source>Fibre (optics)</source>
        <translation>光纤（光模块）</translation>
    </message>
    <message>
        <source>Planned</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>Discovered</source>
        <translation>已发现</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>FC (Fire Code, BASE-R)</source>
        <translation>FC（Fire Code，BASE-R）</translation>
    </message>
    <message>
        <source>RS-FEC (528,514)</source>
        <translation>RS-FEC (528,514)</translation>
    </message>
    <message>
        <source>RS-FEC (544,514)</source>
        <translation>RS-FEC (544,514)</translation>
    </message>
    <message>
        <source>≤25G</source>
        <translation>≤25G</translation>
    </message>
    <message>
        <source>50G</source>
        <translation>50G</translation>
    </message>
    <message>
        <source>100G</source>
        <translation>100G</translation>
    </message>
    <message>
        <source>200G</source>
        <translation>200G</translation>
    </message>
    <message>
        <source>400G</source>
        <translation>400G</translation>
    </message>
    <message>
        <source>≥800G</source>
        <translation>≥800G</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Unknown (not in the source)</source>
        <translation>未知（来源中没有）</translation>
    </message>
</context>
<context>
    <name>lfp::gui::Application</name>
    <message>
        <source>cannot write the screenshot to %1</source>
        <translation>无法将截图写入 %1</translation>
    </message>
    <message>
        <source>no translation for language "%1"; using English</source>
        <translation>没有语言“%1”的翻译；使用英语</translation>
    </message>
    <message>
        <source>Lossless Fabric Planner: plans lossless RDMA fabrics (RoCEv2, InfiniBand).</source>
        <translation>无损网络规划器：规划无损 RDMA 网络（RoCEv2、InfiniBand）。</translation>
    </message>
    <message>
        <source>Render the main window to a PNG file and exit.</source>
        <translation>将主窗口渲染为 PNG 文件后退出。</translation>
    </message>
    <message>
        <source>file</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Window size for --screenshot (default 1400x900).</source>
        <translation>--screenshot 的窗口尺寸（默认 1400x900）。</translation>
    </message>
    <message>
        <source>WxH</source>
        <translation>宽x高</translation>
    </message>
    <message>
        <source>Open revision N of a .lfp project (default: the latest).</source>
        <translation>打开 .lfp 项目的第 N 个修订版（默认：最新）。</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>User interface language: zh_CN or en (default: the system locale).</source>
        <translation>界面语言：zh_CN 或 en（默认：系统区域设置）。</translation>
    </message>
    <message>
        <source>locale</source>
        <translation>区域</translation>
    </message>
    <message>
        <source>A project (.lfp) or fabric file (.json) to open.</source>
        <translation>要打开的项目（.lfp）或网络文件（.json）。</translation>
    </message>
    <message>
        <source>[PROJECT]</source>
        <translation>[项目]</translation>
    </message>
    <message>
        <source>expected at most one project file, got %1</source>
        <translation>最多只能指定一个项目文件，实际为 %1 个</translation>
    </message>
    <message>
        <source>--revision expects a positive number, got "%1"</source>
        <translation>--revision 需要一个正整数，实际为“%1”</translation>
    </message>
    <message>
        <source>--revision needs a project file</source>
        <translation>--revision 需要指定项目文件</translation>
    </message>
    <message>
        <source>--size expects WIDTHxHEIGHT, e.g. 1400x900, got "%1"</source>
        <translation>--size 需要“宽x高”格式，例如 1400x900，实际为“%1”</translation>
    </message>
    <message>
        <source>the checks did not finish within 120 s</source>
        <translation>检查未在 120 秒内完成</translation>
    </message>
    <message>
        <source>no node or port "%1" in the fabric</source>
        <translation>网络中没有节点或端口“%1”</translation>
    </message>
    <message>
        <source>no finding with code %1</source>
        <translation>没有代码为 %1 的检查结果</translation>
    </message>
    <message>
        <source>--dock expects findings, headroom or budget, got "%1"</source>
        <translation>--dock 应为 findings、headroom 或 budget，实际为“%1”</translation>
    </message>
    <message>
        <source>With --screenshot: select a node or port (leaf1, leaf1:Ethernet0) first.</source>
        <translation>与 --screenshot 合用：先选中一个节点或端口（leaf1、leaf1:Ethernet0）。</translation>
    </message>
    <message>
        <source>object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>With --screenshot: select the first finding with this code, highlighting its objects.</source>
        <translation>与 --screenshot 合用：选中第一个具有此代码的检查结果，并突出显示其对象。</translation>
    </message>
    <message>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>With --screenshot: the panel in front: findings, headroom or budget.</source>
        <translation>与 --screenshot 合用：置于前台的面板：findings、headroom 或 budget。</translation>
    </message>
    <message>
        <source>panel</source>
        <translation>面板</translation>
    </message>
</context>
<context>
    <name>lfp::gui::BudgetBar</name>
    <message>
        <source>Total buffer %1</source>
        <translation>缓存总量 %1</translation>
    </message>
    <message>
        <source>Reservations (lossy PGs, management, mirror, egress): %1 (%2 %)</source>
        <translation>预留（有损 PG、管理、镜像、出方向）：%1（%2 %）</translation>
    </message>
    <message>
        <source>Lossless headroom: %1 (%2 %)</source>
        <translation>无损预留缓存（headroom）：%1（%2 %）</translation>
    </message>
    <message>
        <source>Shared headroom pool: %1 (%2 %)</source>
        <translation>共享 headroom 池：%1（%2 %）</translation>
    </message>
    <message>
        <source>Shared pools: %1 (%2 %)</source>
        <translation>共享池：%1（%2 %）</translation>
    </message>
    <message>
        <source>Over-committed by %1</source>
        <translation>超额分配 %1</translation>
    </message>
</context>
<context>
    <name>lfp::gui::BudgetPanel</name>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Per unit (B)</source>
        <translation>单位用量 (B)</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>Total (B)</source>
        <translation>合计 (B)</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>缓存池</translation>
    </message>
    <message>
        <source>Direction</source>
        <translation>方向</translation>
    </message>
    <message>
        <source>Size (B)</source>
        <translation>大小 (B)</translation>
    </message>
    <message>
        <source>Shared headroom (B)</source>
        <translation>共享 headroom (B)</translation>
    </message>
    <message>
        <source>Select a switch (or one of its ports) to see its buffer budget.</source>
        <translation>选择一台交换机（或其端口）以查看其缓存预算。</translation>
    </message>
    <message>
        <source>Buffer budget</source>
        <translation>缓存预算</translation>
    </message>
    <message>
        <source>%1 is a host: buffers are planned per switch. Select a switch.</source>
        <translation>%1 是主机：缓存按交换机规划。请选择一台交换机。</translation>
    </message>
    <message>
        <source>%1: no ASIC profile "%2" in the catalogue, so no budget.</source>
        <translation>%1：ASIC 目录中没有配置文件“%2”，无法计算预算。</translation>
    </message>
    <message numerus="yes">
        <source>%1 — ASIC %2 (%3), %n active port(s)</source>
        <translation>
            <numerusform>%1 — ASIC %2（%3），%n 个活动端口</numerusform>
        </translation>
    </message>
    <message>
        <source>Total buffer unknown for this ASIC: reservations %1.</source>
        <translation>此 ASIC 的缓存总量未知：预留 %1。</translation>
    </message>
    <message>
        <source>Total %1 · reserved %2 · shared headroom pool %3 · left for shared pools %4</source>
        <translation>总量 %1 · 预留 %2 · 共享 headroom 池 %3 · 剩余给共享池 %4</translation>
    </message>
    <message>
        <source>Over-committed by %1: reservations %2 and shared headroom pool %3 exceed the %4 buffer</source>
        <translation>超额分配 %1：预留 %2 与共享 headroom 池 %3 超出了 %4 的缓存</translation>
    </message>
    <message>
        <source>Reservations</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>Lossless headroom</source>
        <translation>无损预留缓存</translation>
    </message>
    <message>
        <source>Shared headroom pool</source>
        <translation>共享 headroom 池</translation>
    </message>
    <message>
        <source>Shared pools</source>
        <translation>共享池</translation>
    </message>
    <message>
        <source>Over-committed by %1</source>
        <translation>超额分配 %1</translation>
    </message>
    <message>
        <source>configured by the ASIC profile</source>
        <translation>由 ASIC 配置文件固定</translation>
    </message>
    <message>
        <source>Dynamic threshold: dynamic_th %1 (alpha %2); one congested lossless PG may take %3 B, each of %4 under incast %5 B.</source>
        <translation>动态阈值：dynamic_th %1（alpha %2）；单个拥塞的无损 PG 最多可占用 %3 B，incast 时 %4 个 PG 各占 %5 B。</translation>
    </message>
    <message>
        <source>Headroom follows %1.</source>
        <translation>Headroom 计算依据 %1。</translation>
    </message>
    <message>
        <source>%1
Formula: %2
Source: %3</source>
        <translation>%1
公式：%2
来源：%3</translation>
    </message>
</context>
<context>
    <name>lfp::gui::DeviceTreeModel</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n 个节点</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s)</source>
        <translation>
            <numerusform>%n 条链路</numerusform>
        </translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Role / speed</source>
        <translation>角色 / 速率</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>Peer</source>
        <translation>对端</translation>
    </message>
</context>
<context>
    <name>lfp::gui::ExportDialog</name>
    <message>
        <source>Export Configuration</source>
        <translation>导出配置</translation>
    </message>
    <message>
        <source>Every role</source>
        <translation>所有角色</translation>
    </message>
    <message>
        <source>traditional (planner's xon / xoff / size)</source>
        <translation>传统（规划器的 xon / xoff / size）</translation>
    </message>
    <message>
        <source>dynamic</source>
        <translation>动态</translation>
    </message>
    <message>
        <source>None (no change delta)</source>
        <translation>无（不生成变更差异）</translation>
    </message>
    <message>
        <source>Revision %1</source>
        <translation>修订版 %1</translation>
    </message>
    <message>
        <source>Tick devices to export only those; none ticked exports every device the target configures</source>
        <translation>勾选设备则只导出这些设备；不勾选则导出目标平台可配置的所有设备</translation>
    </message>
    <message>
        <source>&amp;Target:</source>
        <translation>目标平台(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Role:</source>
        <translation>角色(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Base revision:</source>
        <translation>基准修订版(&amp;B)：</translation>
    </message>
    <message>
        <source>SONiC &amp;buffer model:</source>
        <translation>SONiC 缓冲模型(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Devices:</source>
        <translation>设备(&amp;D)：</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重性</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>预览(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Findings</source>
        <translation>检查结果(&amp;F)</translation>
    </message>
    <message>
        <source>Change &amp;delta</source>
        <translation>变更差异(&amp;D)</translation>
    </message>
    <message>
        <source>Directory to write the files and manifest.json into</source>
        <translation>写入配置文件和 manifest.json 的目录</translation>
    </message>
    <message>
        <source>Bro&amp;wse…</source>
        <translation>浏览(&amp;W)…</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Output:</source>
        <translation>输出(&amp;O)：</translation>
    </message>
    <message>
        <source>Cannot export: %1</source>
        <translation>无法导出：%1</translation>
    </message>
    <message>
        <source>%1 — %2 bytes</source>
        <translation>%1 — %2 字节</translation>
    </message>
    <message>
        <source>&amp;Findings (%1)</source>
        <translation>检查结果 (%1)(&amp;F)</translation>
    </message>
    <message>
        <source># No device changes from revision %1.</source>
        <translation># 相对修订版 %1，没有设备发生变化。</translation>
    </message>
    <message>
        <source># Choose a base revision to see what changes per device.</source>
        <translation># 选择基准修订版，以查看每台设备的变更。</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n file(s) (+ manifest.json); </source>
        <translation>
            <numerusform>%1：%n 个文件（另加 manifest.json）；</numerusform></translation>
    </message>
    <message>
        <source>%1 errors, %2 warnings, %3 notes</source>
        <translation>%1 个错误，%2 个警告，%3 条提示</translation>
    </message>
    <message>
        <source>Export into directory</source>
        <translation>导出到目录</translation>
    </message>
    <message>
        <source>Nothing was written: %1</source>
        <translation>未写入任何文件：%1</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n file(s) and manifest.json to %1</source>
        <translation>
            <numerusform>已将 %n 个文件和 manifest.json 写入 %1</numerusform></translation>
    </message>
</context>
<context>
    <name>lfp::gui::FabricScene</name>
    <message numerus="yes">
        <source>%n host(s)</source>
        <translation>
            <numerusform>%n 台主机</numerusform>
        </translation>
    </message>
    <message>
        <source>Rack %1</source>
        <translation>机柜 %1</translation>
    </message>
</context>
<context>
    <name>lfp::gui::FindingsModel</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 等另外 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Objects:</source>
        <translation>对象：</translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>依据：</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>修复建议：</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>说明</translation>
    </message>
</context>
<context>
    <name>lfp::gui::FindingsPanel</name>
    <message>
        <source>Show or hide findings of this severity</source>
        <translation>显示或隐藏此严重程度的检查结果</translation>
    </message>
    <message>
        <source>Filter by code, object or text</source>
        <translation>按代码、对象或文本筛选</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Run Checks</source>
        <translation>运行检查</translation>
    </message>
    <message>
        <source>Run every design check again (F5)</source>
        <translation>重新运行全部设计检查（F5）</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n 条提示</numerusform>
        </translation>
    </message>
    <message>
        <source>No findings: the design passes every check (buffers, headroom, ECN before PFC, ETS, both ends of every link, host NICs, paths, PFC watchdog, CNP).</source>
        <translation>没有检查结果：设计通过了全部检查（缓存、headroom、ECN 先于 PFC、ETS、每条链路的两端、主机网卡、路径、PFC watchdog、CNP）。</translation>
    </message>
    <message>
        <source>Select a finding to see its evidence and the suggested fix; its objects are highlighted in the diagram and the device tree.</source>
        <translation>选择一条检查结果以查看其依据和修复建议；其涉及的对象会在拓扑图和设备树中突出显示。</translation>
    </message>
</context>
<context>
    <name>lfp::gui::HeadroomDialog</name>
    <message>
        <source>Headroom Calculator</source>
        <translation>Headroom 计算器</translation>
    </message>
</context>
<context>
    <name>lfp::gui::HeadroomPanel</name>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Shared headroom pool over-subscription ratio (0 = no shared headroom pool)</source>
        <translation>共享 headroom 池超额订阅比（0 = 不使用共享 headroom 池）</translation>
    </message>
    <message>
        <source>Which sonic-swss buffer_headroom_mellanox.lua the Spectrum model follows</source>
        <translation>Spectrum 模型所依据的 sonic-swss buffer_headroom_mellanox.lua 版本</translation>
    </message>
    <message>
        <source>ASIC</source>
        <translation>ASIC</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>Lanes</source>
        <translation>通道数</translation>
    </message>
    <message>
        <source>Port MTU</source>
        <translation>端口 MTU</translation>
    </message>
    <message>
        <source>Cable</source>
        <translation>线缆长度</translation>
    </message>
    <message>
        <source>Lossless MTU</source>
        <translation>无损流量 MTU</translation>
    </message>
    <message>
        <source>Small packets</source>
        <translation>小包比例</translation>
    </message>
    <message>
        <source>Shared headroom</source>
        <translation>共享 headroom</translation>
    </message>
    <message>
        <source>SONiC release</source>
        <translation>SONiC 版本</translation>
    </message>
    <message>
        <source>Gearbox delay</source>
        <translation>Gearbox 时延</translation>
    </message>
    <message>
        <source>Buffer kept after XON is sent: what arrives while the pause ends</source>
        <translation>发送 XON 后保留的缓存：暂停解除期间到达的数据</translation>
    </message>
    <message>
        <source>Buffer between the PFC trigger and the last byte in flight after PAUSE</source>
        <translation>从触发 PFC 到 PAUSE 后最后一个在途字节之间所需的缓存</translation>
    </message>
    <message>
        <source>Reserved per lossless PG</source>
        <translation>每个无损 PG 的预留量</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>项</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Headroom calculator</source>
        <translation>Headroom 计算器</translation>
    </message>
    <message>
        <source>Select a switch port to see the headroom of its lossless priority groups.</source>
        <translation>选择一个交换机端口以查看其无损优先级组的 headroom。</translation>
    </message>
    <message>
        <source>Explicit inputs; `lfp headroom` computes the same.</source>
        <translation>手动输入；`lfp headroom` 的计算结果相同。</translation>
    </message>
    <message>
        <source>Headroom is reserved on switch ports; this host port is on no link.</source>
        <translation>Headroom 在交换机端口上预留；此主机端口未连接任何链路。</translation>
    </message>
    <message>
        <source>Headroom is reserved on switch ports; select the peer, %1.</source>
        <translation>Headroom 在交换机端口上预留；请选择对端 %1。</translation>
    </message>
    <message>
        <source>%1 has no known ASIC profile ("%2"); the calculator keeps its inputs.</source>
        <translation>%1 没有已知的 ASIC 配置文件（“%2”）；计算器保留当前输入。</translation>
    </message>
    <message>
        <source>%1 — %2, %3 to %4, %5</source>
        <translation>%1 — %2，%3 连接 %4，%5</translation>
    </message>
    <message>
        <source>%1 — %2, %3</source>
        <translation>%1 — %2，%3</translation>
    </message>
    <message>
        <source>Not on a link: SONiC gives it no buffers; shown with a 0 m cable.</source>
        <translation>未连接链路：SONiC 不为其分配缓存；按 0 m 线缆显示。</translation>
    </message>
    <message>
        <source>No QoS policy on this port: no lossless PG is reserved; shown for one lossless PG.</source>
        <translation>此端口没有 QoS 策略：不预留无损 PG；按一个无损 PG 显示。</translation>
    </message>
    <message>
        <source>Policy %1 has no lossless priority: no lossless PG is reserved; shown for one.</source>
        <translation>策略 %1 没有无损优先级：不预留无损 PG；按一个显示。</translation>
    </message>
    <message numerus="yes">
        <source>Per lossless PG (policy %1, %n lossless priorities); inputs from the port, its link and %2's ASIC and buffer settings.</source>
        <translation>
            <numerusform>每个无损 PG（策略 %1，%n 个无损优先级）；输入取自该端口、其链路以及 %2 的 ASIC 和缓存设置。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (edited: what-if)</source>
        <translation>%1（已修改：假设分析）</translation>
    </message>
    <message>
        <source>The inputs no longer match the port; select it again to reset.</source>
        <translation>输入已与该端口不一致；重新选择该端口即可恢复。</translation>
    </message>
    <message>
        <source>No ASIC profile selected.</source>
        <translation>未选择 ASIC 配置文件。</translation>
    </message>
    <message>
        <source>"%1" is not a speed (e.g. 100G, 400G).</source>
        <translation>“%1”不是有效速率（例如 100G、400G）。</translation>
    </message>
    <message>
        <source>Model "%1", follows %2.</source>
        <translation>模型“%1”，依据 %2。</translation>
    </message>
    <message>
        <source>Size is reserved per PG; xoff is charged to the shared headroom pool.</source>
        <translation>size 按 PG 预留；xoff 计入共享 headroom 池。</translation>
    </message>
    <message>
        <source>Size is reserved per PG.</source>
        <translation>size 按 PG 预留。</translation>
    </message>
    <message>
        <source>xon_offset %1 B.</source>
        <translation>xon_offset %1 B。</translation>
    </message>
    <message>
        <source>Lanes are not used by this model.</source>
        <translation>此模型不使用通道数。</translation>
    </message>
    <message>
        <source>Apply to Plan</source>
        <translation>应用到规划</translation>
    </message>
    <message>
        <source>Make the what-if inputs the plan's values for this port (one undoable edit)</source>
        <translation>将假设分析的输入设为此端口在规划中的值（一次可撤销的编辑）</translation>
    </message>
    <message>
        <source>The inputs no longer match the port: Apply to Plan makes them the plan's, or select the port again to reset.</source>
        <translation>输入已与端口不一致：点击“应用到规划”使其成为规划值，或重新选择该端口以恢复。</translation>
    </message>
</context>
<context>
    <name>lfp::gui::LegendWidget</name>
    <message>
        <source>Roles</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Links by medium</source>
        <translation>链路（按介质）</translation>
    </message>
    <message>
        <source>Links by speed</source>
        <translation>链路（按速率）</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
</context>
<context>
    <name>lfp::gui::MainWindow</name>
    <message>
        <source>Zoom %1%</source>
        <translation>缩放 %1%</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a project (.lfp) or a fabric file (.json)</source>
        <translation>打开项目（.lfp）或网络文件（.json）</translation>
    </message>
    <message>
        <source>Open &amp;Example</source>
        <translation>打开示例(&amp;E)</translation>
    </message>
    <message>
        <source>Show the bundled example: 2 spines, 4 leaves, 16 GPU hosts</source>
        <translation>显示内置示例：2 台脊交换机、4 台叶交换机、16 台 GPU 主机</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save: a new revision for a project, or rewrite the JSON file</source>
        <translation>保存：为项目新建修订版，或重写 JSON 文件</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Fit to Window</source>
        <translation>适合窗口(&amp;F)</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Colour Links by &amp;Medium</source>
        <translation>按介质着色链路(&amp;M)</translation>
    </message>
    <message>
        <source>Colour Links by &amp;Speed</source>
        <translation>按速率着色链路(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;About Lossless Fabric Planner</source>
        <translation>关于无损网络规划器(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Colour links by:</source>
        <translation>链路着色：</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>介质</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>正在加载 %1…</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>Saved revision %1 to %2</source>
        <translation>已将修订版 %1 保存到 %2</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Cannot save %1</source>
        <translation>无法保存 %1</translation>
    </message>
    <message>
        <source>New Revision</source>
        <translation>新建修订版</translation>
    </message>
    <message>
        <source>Saving adds a new revision to %1.
Describe what changed:</source>
        <translation>保存将在 %1 中新增一个修订版。
请描述所做的更改：</translation>
    </message>
    <message>
        <source>Open Fabric</source>
        <translation>打开网络</translation>
    </message>
    <message>
        <source>Fabric files (*.lfp *.json);;LFP projects (*.lfp);;Fabric JSON (*.json);;All files (*)</source>
        <translation>网络文件 (*.lfp *.json);;LFP 项目 (*.lfp);;网络 JSON (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Save Fabric As</source>
        <translation>网络另存为</translation>
    </message>
    <message>
        <source>LFP project (*.lfp);;Fabric JSON (*.json)</source>
        <translation>LFP 项目 (*.lfp);;网络 JSON (*.json)</translation>
    </message>
    <message>
        <source>About Lossless Fabric Planner</source>
        <translation>关于无损网络规划器</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Lossless Fabric Planner %1&lt;/h3&gt;&lt;p&gt;Plans lossless RDMA fabrics (RoCEv2 and InfiniBand): topology, cabling, QoS policy, PFC headroom and buffer budgets.&lt;/p&gt;&lt;p&gt;Licensed under the GNU GPL, version 3 or later.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;无损网络规划器 %1&lt;/h3&gt;&lt;p&gt;规划无损 RDMA 网络（RoCEv2 与 InfiniBand）：拓扑、布线、QoS 策略、PFC 预留缓存（headroom）与缓存预算。&lt;/p&gt;&lt;p&gt;依据 GNU GPL 第 3 版或更高版本授权。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>没有最近打开的文件</translation>
    </message>
    <message>
        <source>&amp;Clear Menu</source>
        <translation>清除菜单(&amp;C)</translation>
    </message>
    <message>
        <source>No fabric</source>
        <translation>没有网络</translation>
    </message>
    <message>
        <source>Switches: %1 · Hosts: %2 · Links: %3</source>
        <translation>交换机：%1 · 主机：%2 · 链路：%3</translation>
    </message>
    <message>
        <source>large fabric: hosts summarised per leaf</source>
        <translation>大型网络：主机按叶交换机汇总显示</translation>
    </message>
    <message>
        <source>Bundled example (not saved)</source>
        <translation>内置示例（未保存）</translation>
    </message>
    <message>
        <source>%1 — revision %2</source>
        <translation>%1 — 修订版 %2</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Findings of the design checks (Checks ▸ Run Checks, F5)</source>
        <translation>设计检查的结果（检查 ▸ 运行检查，F5）</translation>
    </message>
    <message>
        <source>Checks cancelled; the findings shown may be out of date.</source>
        <translation>检查已取消；显示的结果可能已过时。</translation>
    </message>
    <message>
        <source>Checks cancelled</source>
        <translation>检查已取消</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>预留缓存</translation>
    </message>
    <message>
        <source>Buffer Budget</source>
        <translation>缓存预算</translation>
    </message>
    <message>
        <source>&amp;Run Checks</source>
        <translation>运行检查(&amp;R)</translation>
    </message>
    <message>
        <source>Run every design check (buffers, headroom, ECN, policies) in the background, as `lfp check` does</source>
        <translation>在后台运行全部设计检查（缓存、headroom、ECN、策略），与 `lfp check` 相同</translation>
    </message>
    <message>
        <source>&amp;Cancel Checks</source>
        <translation>取消检查(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Headroom Calculator…</source>
        <translation>Headroom 计算器(&amp;H)…</translation>
    </message>
    <message>
        <source>PFC headroom (xon, xoff, size) for explicit inputs, every term explained, as `lfp headroom` computes it</source>
        <translation>按手动输入计算 PFC headroom（xon、xoff、size），逐项说明，与 `lfp headroom` 相同</translation>
    </message>
    <message>
        <source>&amp;Checks</source>
        <translation>检查(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>工具(&amp;T)</translation>
    </message>
    <message>
        <source>ASIC catalogue: %1</source>
        <translation>ASIC 目录：%1</translation>
    </message>
    <message>
        <source>Select a switch port (in the tree, or a link in the diagram) to see its headroom.</source>
        <translation>选择一个交换机端口（在设备树中，或在拓扑图中选择链路）以查看其 headroom。</translation>
    </message>
    <message>
        <source>Select a switch (or one of its ports) to see its buffer budget.</source>
        <translation>选择一台交换机（或其端口）以查看其缓存预算。</translation>
    </message>
    <message>
        <source>Select one of %1's ports (or a link) to see its headroom.</source>
        <translation>选择 %1 的一个端口（或一条链路）以查看其 headroom。</translation>
    </message>
    <message>
        <source>Headroom is reserved on switch ports; select a switch port.</source>
        <translation>Headroom 在交换机端口上预留；请选择交换机端口。</translation>
    </message>
    <message>
        <source>%1 is a host: buffers are planned per switch. Select a switch.</source>
        <translation>%1 是主机：缓存按交换机规划。请选择一台交换机。</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>The checks failed: %1</source>
        <translation>检查失败：%1</translation>
    </message>
    <message>
        <source>Checks failed</source>
        <translation>检查失败</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n 个错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n 条提示</numerusform>
        </translation>
    </message>
    <message>
        <source>Checked in %1 ms: %2</source>
        <translation>检查用时 %1 ms：%2</translation>
    </message>
    <message>
        <source>Findings (%1)</source>
        <translation>检查结果（%1）</translation>
    </message>
    <message>
        <source>%1, %2, %3</source>
        <extracomment>a list of three counts: "1 error, 0 warnings, 0 notes"</extracomment>
        <translation>%1，%2，%3</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <extracomment>a list of two counts: "1 error, 0 warnings"</extracomment>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Export Configuration…</source>
        <translation>导出配置(&amp;E)…</translation>
    </message>
    <message>
        <source>Vendor configuration of the plan (SONiC, NVUE, EOS, NX-OS, Junos, Huawei, Linux hosts), as `lfp export` writes it</source>
        <translation>规划的厂商配置（SONiC、NVUE、EOS、NX-OS、Junos、华为、Linux 主机），与 `lfp export` 的输出相同</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>%1 set to %2</source>
        <translation>%1 已设为 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 set to %2 on %n objects</source>
        <translation>
            <numerusform>已在 %n 个对象上将 %1 设为 %2</numerusform></translation>
    </message>
    <message>
        <source>Apply headroom what-if</source>
        <translation>应用余量假设分析</translation>
    </message>
    <message>
        <source>Cannot apply the what-if</source>
        <translation>无法应用假设分析</translation>
    </message>
    <message numerus="yes">
        <source>Applied the headroom what-if to the plan (%n change(s)); Ctrl+Z undoes it</source>
        <translation>
            <numerusform>已将余量假设分析应用到规划（%n 处更改）；按 Ctrl+Z 撤销</numerusform></translation>
    </message>
    <message>
        <source>the fabric</source>
        <translation>该网络</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>%1 has unsaved changes. Save them first?</source>
        <translation>%1 有未保存的更改。先保存吗？</translation>
    </message>
    <message>
        <source>No changes to save</source>
        <translation>没有需要保存的更改</translation>
    </message>
    <message>
        <source>%1[*] — Lossless Fabric Planner</source>
        <translation>%1[*] — 无损网络规划器</translation>
    </message>
</context>
<context>
    <name>lfp::gui::PropertyPanel</name>
    <message>
        <source>drop</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>forward</source>
        <translation>转发</translation>
    </message>
    <message>
        <source>alert only</source>
        <translation>仅告警</translation>
    </message>
    <message>
        <source>Property</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Nothing selected</source>
        <translation>未选择任何对象</translation>
    </message>
    <message>
        <source>Untitled fabric</source>
        <translation>未命名网络</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>Ports</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>ASICs</source>
        <translation>ASIC</translation>
    </message>
    <message>
        <source>QoS policies</source>
        <translation>QoS 策略</translation>
    </message>
    <message>
        <source>not bound</source>
        <translation>未绑定</translation>
    </message>
    <message>
        <source>bound to %1</source>
        <translation>绑定到 %1</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>角色</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>型号</translation>
    </message>
    <message>
        <source>ASIC</source>
        <translation>ASIC</translation>
    </message>
    <message>
        <source>GUID</source>
        <translation>GUID</translation>
    </message>
    <message>
        <source>Linked ports</source>
        <translation>已连接端口</translation>
    </message>
    <message>
        <source>Port speeds</source>
        <translation>端口速率</translation>
    </message>
    <message>
        <source>Attributes</source>
        <translation>属性</translation>
    </message>
    <message>
        <source>Port of %1 (%2)</source>
        <translation>%1 的端口（%2）</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>Lanes</source>
        <translation>通道数</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>FEC</source>
        <translation>FEC</translation>
    </message>
    <message>
        <source>Breakout parent</source>
        <translation>拆分父端口</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>Peer</source>
        <translation>对端</translation>
    </message>
    <message>
        <source>Peer speed</source>
        <translation>对端速率</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>speed mismatch</source>
        <translation>速率不匹配</translation>
    </message>
    <message>
        <source>Cable length</source>
        <translation>线缆长度</translation>
    </message>
    <message>
        <source>Medium</source>
        <translation>介质</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>End A</source>
        <translation>A 端</translation>
    </message>
    <message>
        <source>End B</source>
        <translation>B 端</translation>
    </message>
    <message>
        <source>Speed A</source>
        <translation>A 端速率</translation>
    </message>
    <message>
        <source>Speed B</source>
        <translation>B 端速率</translation>
    </message>
    <message>
        <source>the two ends use different QoS policies (%1, %2)</source>
        <translation>两端使用不同的 QoS 策略（%1、%2）</translation>
    </message>
    <message>
        <source>QoS policy in force</source>
        <translation>生效的 QoS 策略</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>none (no binding for this role)</source>
        <translation>无（该角色未绑定策略）</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>信任模式</translation>
    </message>
    <message>
        <source>DSCP</source>
        <translation>DSCP</translation>
    </message>
    <message>
        <source>PCP (802.1p)</source>
        <translation>PCP（802.1p）</translation>
    </message>
    <message>
        <source>Lossless priorities (PFC)</source>
        <translation>无损优先级（PFC）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>DSCP → traffic class</source>
        <translation>DSCP → 流量类别</translation>
    </message>
    <message>
        <source>all → 0</source>
        <translation>全部 → 0</translation>
    </message>
    <message>
        <source>; others → 0</source>
        <translation>；其余 → 0</translation>
    </message>
    <message>
        <source>Traffic classes</source>
        <translation>流量类别</translation>
    </message>
    <message>
        <source>q%1 strict</source>
        <translation>队列 %1 严格优先</translation>
    </message>
    <message>
        <source>q%1 %2%</source>
        <translation>队列 %1 %2%</translation>
    </message>
    <message>
        <source>ETS</source>
        <translation>ETS</translation>
    </message>
    <message>
        <source>ECN %1</source>
        <translation>ECN %1</translation>
    </message>
    <message>
        <source>Kmin %1, Kmax %2, Pmax %3% (queue %4)</source>
        <translation>Kmin %1，Kmax %2，Pmax %3%（队列 %4）</translation>
    </message>
    <message>
        <source>PFC watchdog</source>
        <translation>PFC 看门狗</translation>
    </message>
    <message>
        <source>detect %1, restore %2, %3</source>
        <translation>检测 %1，恢复 %2，%3</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>CNP</source>
        <translation>CNP</translation>
    </message>
    <message>
        <source>DSCP %1 → priority %2</source>
        <translation>DSCP %1 → 优先级 %2</translation>
    </message>
    <message>
        <source>Host NIC settings</source>
        <translation>主机网卡设置</translation>
    </message>
    <message>
        <source>PFC per priority 0–7</source>
        <translation>各优先级 PFC（0–7）</translation>
    </message>
    <message>
        <source>RoCE traffic</source>
        <translation>RoCE 流量</translation>
    </message>
    <message>
        <source>DSCP %1, priority %2</source>
        <translation>DSCP %1，优先级 %2</translation>
    </message>
    <message>
        <source>DCQCN</source>
        <translation>DCQCN</translation>
    </message>
    <message>
        <source>reaction point %1, notification point %2</source>
        <translation>反应点（RP）%1，通知点（NP）%2</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>%1 — double-click or F2 to edit</source>
        <translation>%1 — 双击或按 F2 编辑</translation>
    </message>
</context>
</TS>
