<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>BudgetLine</name>
    <message>
        <source>ASIC profile %1</source>
        <translation>ASIC 配置文件 %1</translation>
    </message>
    <message>
        <source>shared headroom pool (ingress_lossless_pool.xoff)</source>
        <translation>共享缓冲余量池（ingress_lossless_pool.xoff）</translation>
    </message>
    <message>
        <source>lossy PG reservation (8-lane port)</source>
        <translation>有损 PG 预留（8 通道端口）</translation>
    </message>
    <message>
        <source>lossy PG reservation</source>
        <translation>有损 PG 预留</translation>
    </message>
    <message>
        <source>(2·pipeline_latency − 1 KiB): implicit reservation of a lossy PG on an 8-lane port</source>
        <translation>(2·pipeline_latency − 1 KiB)：8 通道端口上有损 PG 的隐式预留</translation>
    </message>
    <message>
        <source>pipeline_latency: implicit reservation of a lossy PG</source>
        <translation>pipeline_latency：有损 PG 的隐式预留</translation>
    </message>
    <message>
        <source>ingress_lossy_profile size 0 (no implicit reservation outside Spectrum)</source>
        <translation>ingress_lossy_profile size 0（Spectrum 以外没有隐式预留）</translation>
    </message>
    <message>
        <source>egress queue reservation</source>
        <translation>出方向队列预留</translation>
    </message>
    <message>
        <source>queue_reserved per egress queue (Spectrum: q_lossy_profile / egress_lossless_profile size 0)</source>
        <translation>每个出方向队列 queue_reserved（Spectrum：q_lossy_profile / egress_lossless_profile size 0）</translation>
    </message>
    <message>
        <source>management PG (8-lane port)</source>
        <translation>管理 PG（8 通道端口）</translation>
    </message>
    <message>
        <source>management PG</source>
        <translation>管理 PG</translation>
    </message>
    <message>
        <source>per admin-up port: pipeline_latency (8-lane: 2·pipeline_latency − 1 KiB)</source>
        <translation>每个管理状态为 up 的端口：pipeline_latency（8 通道：2·pipeline_latency − 1 KiB）</translation>
    </message>
    <message>
        <source>egress mirror headroom</source>
        <translation>出方向镜像缓冲余量</translation>
    </message>
    <message>
        <source>per admin-up port</source>
        <translation>每个管理状态为 up 的端口</translation>
    </message>
    <message>
        <source>egress port profile list (egress_lossy_profile)</source>
        <translation>出方向端口配置列表（egress_lossy_profile）</translation>
    </message>
    <message>
        <source>per admin-up port: the egress profile list&apos;s egress_lossy_profile</source>
        <translation>每个管理状态为 up 的端口：出方向配置列表中的 egress_lossy_profile</translation>
    </message>
    <message>
        <source>headroom size (%1 model): %2</source>
        <translation>缓冲余量 size（%1 模型）：%2</translation>
    </message>
    <message>
        <source>xon (xoff in the shared headroom pool)</source>
        <translation>xon（xoff 计入共享缓冲余量池）</translation>
    </message>
    <message>
        <source>private headroom (shared headroom pool on)</source>
        <translation>私有缓冲余量（共享缓冲余量池开启）</translation>
    </message>
    <message>
        <source>per port with a lossless PG</source>
        <translation>每个有无损 PG 的端口</translation>
    </message>
    <message>
        <source>configured ingress_lossless_pool.xoff of the ASIC profile</source>
        <translation>ASIC 配置文件中配置的 ingress_lossless_pool.xoff</translation>
    </message>
    <message>
        <source>ceil(Σ(xon + xoff − size)·PGs %1/ over_subscribe_ratio %2)</source>
        <translation>ceil(Σ(xon + xoff − size)·PG 数 %1/ over_subscribe_ratio %2)</translation>
    </message>
    <message>
        <source>− lossless ports·private headroom </source>
        <translation>− 无损端口数·私有缓冲余量 </translation>
    </message>
    <message>
        <source>655,360 B when the accumulated xoff is 0 (buffer_pool_mellanox.lua)</source>
        <translation>累计 xoff 为 0 时取 655,360 B（buffer_pool_mellanox.lua）</translation>
    </message>
    <message>
        <source>management pool</source>
        <translation>管理缓冲池</translation>
    </message>
    <message>
        <source>once per switch</source>
        <translation>每台交换机一次</translation>
    </message>
    <message>
        <source>extra reservation (e.g. Spectrum-6 modification descriptors)</source>
        <translation>额外预留（如 Spectrum-6 的修改描述符）</translation>
    </message>
    <message>
        <source>configured size</source>
        <translation>配置的大小</translation>
    </message>
    <message>
        <source>available·%1/100</source>
        <translation>可用量·%1/100</translation>
    </message>
    <message>
        <source>available = total − reserved − shared headroom pool</source>
        <translation>可用量 = 总量 − 预留 − 共享缓冲余量池</translation>
    </message>
    <message>
        <source>available/%1 (ingress pools without a size share it)</source>
        <translation>可用量/%1（未指定大小的入方向缓冲池均分）</translation>
    </message>
    <message>
        <source>over-committed (negative)</source>
        <translation>超额分配（负值）</translation>
    </message>
    <message>
        <source>not assigned to a pool</source>
        <translation>未分配给任何缓冲池</translation>
    </message>
    <message>
        <source>total − reservations − shared headroom pool − shared pools (rounding, fixed-size pools)</source>
        <translation>总量 − 预留 − 共享缓冲余量池 − 共享缓冲池（取整、固定大小的缓冲池）</translation>
    </message>
</context>
<context>
    <name>Finding</name>
    <message>
        <source>reservations and the shared headroom pool exceed the switch buffer</source>
        <translation>预留量与共享缓冲余量池之和超出交换机缓冲区</translation>
    </message>
    <message>
        <source>{switch}: reservations ({reserved}) and shared headroom pool ({shp}) exceed the {asic} buffer ({total}) by {excess}</source>
        <translation>{switch}：预留量（{reserved}）与共享缓冲余量池（{shp}）之和超出 {asic} 的缓冲区（{total}），超出 {excess}</translation>
    </message>
    <message>
        <source>Shorten cables or reduce lossless priorities, enable or raise the shared headroom pool over-subscription (buffer.over_subscribe_ratio), or use an ASIC with more buffer.</source>
        <translation>缩短线缆或减少无损优先级，启用或提高共享缓冲余量池的超额订阅比（buffer.over_subscribe_ratio），或改用缓冲区更大的 ASIC。</translation>
    </message>
    <message>
        <source>a port&apos;s lossless headroom exceeds the ASIC&apos;s per-port maximum</source>
        <translation>端口的无损缓冲余量超过 ASIC 的单端口上限</translation>
    </message>
    <message>
        <source>{switch} port {port} ({speed}, {cable} cable) needs {headroom} of headroom, the ASIC allows at most {max} per port</source>
        <translation>{switch} 端口 {port}（{speed}，{cable} 线缆）需要 {headroom} 的缓冲余量，而 ASIC 每端口最多允许 {max}</translation>
    </message>
    <message>
        <source>Shorten the cable, lower the port speed or the number of lossless priorities on this port, or enable the shared headroom pool (buffer.over_subscribe_ratio).</source>
        <translation>缩短线缆、降低端口速率或减少该端口的无损优先级数量，或启用共享缓冲余量池（buffer.over_subscribe_ratio）。</translation>
    </message>
    <message>
        <source>a port&apos;s shared-headroom share exceeds the per-port limit</source>
        <translation>端口占用的共享缓冲余量超过单端口上限</translation>
    </message>
    <message>
        <source>{switch} port {port} draws {demand} from the shared headroom pool, more than the per-port limit {limit}</source>
        <translation>{switch} 端口 {port} 从共享缓冲余量池占用 {demand}，超过单端口上限 {limit}</translation>
    </message>
    <message>
        <source>Shorten the cable or reduce the lossless priorities on this port.</source>
        <translation>缩短线缆或减少该端口的无损优先级。</translation>
    </message>
    <message>
        <source>the ingress lossless pool is below 20 % of the buffer</source>
        <translation>入方向无损缓冲池低于缓冲区的 20 %</translation>
    </message>
    <message>
        <source>{switch}: the shared ingress lossless pool is {pool} ({share} % of the buffer), below the {threshold} % every shipped SONiC Spectrum default leaves</source>
        <translation>{switch}：入方向共享无损缓冲池为 {pool}（占缓冲区的 {share} %），低于所有 SONiC Spectrum 出厂默认配置保留的 {threshold} %</translation>
    </message>
    <message>
        <source>Reduce reserved headroom: shorter cables, fewer lossless priorities, or a shared headroom pool (buffer.over_subscribe_ratio 2 or more).</source>
        <translation>减少预留的缓冲余量：缩短线缆、减少无损优先级，或使用共享缓冲余量池（buffer.over_subscribe_ratio 为 2 或更大）。</translation>
    </message>
    <message>
        <source>ECN marks only after PFC has paused (Kmin at or above the PFC trigger)</source>
        <translation>ECN 在 PFC 暂停之后才标记（Kmin 不低于 PFC 触发点）</translation>
    </message>
    <message>
        <source>{switch}: ECN profile {profile} starts marking at {kmin} but the lossless PGs can pause as early as {bound}: PFC fires before ECN</source>
        <translation>{switch}：ECN 配置 {profile} 从 {kmin} 开始标记，但无损 PG 最早在 {bound} 就可能暂停：PFC 先于 ECN 触发</translation>
    </message>
    <message>
        <source>Lower Kmin of ECN profile {profile} below {bound} (or raise dynamic_th / the shared pool).</source>
        <translation>将 ECN 配置 {profile} 的 Kmin 降到 {bound} 以下（或提高 dynamic_th / 共享缓冲池）。</translation>
    </message>
    <message>
        <source>the switch&apos;s ASIC id is neither in the catalogue nor in the project</source>
        <translation>交换机的 ASIC 标识既不在目录中也不在项目中</translation>
    </message>
    <message>
        <source>switch {switch} uses ASIC profile &quot;{asic}&quot;, which is neither in the catalogue nor in the project</source>
        <translation>交换机 {switch} 使用 ASIC 配置“{asic}”，它既不在目录中也不在项目中</translation>
    </message>
    <message>
        <source>Use an id from `lfp asics`, or add the profile to the project&apos;s asics (or a directory in LFP_ASIC_DIR).</source>
        <translation>使用 `lfp asics` 列出的标识，或将该配置加入项目的 asics（或 LFP_ASIC_DIR 中的目录）。</translation>
    </message>
    <message>
        <source>the switch names no ASIC: its buffer is not checked</source>
        <translation>交换机未指定 ASIC：其缓冲区未检查</translation>
    </message>
    <message>
        <source>switch {switch} names no ASIC profile, so its buffers cannot be checked</source>
        <translation>交换机 {switch} 未指定 ASIC 配置，因此无法检查其缓冲区</translation>
    </message>
    <message>
        <source>Set the switch&apos;s asic to a catalogue id (lfp asics) or to a project ASIC profile.</source>
        <translation>将交换机的 asic 设为目录标识（lfp asics）或项目中的 ASIC 配置。</translation>
    </message>
    <message>
        <source>the ASIC profile has no total buffer: the budget is not checked</source>
        <translation>ASIC 配置没有总缓冲区大小：预算未检查</translation>
    </message>
    <message>
        <source>{switch}: the ASIC profile {asic} gives no total buffer size, so the budget cannot be checked</source>
        <translation>{switch}：ASIC 配置 {asic} 未给出总缓冲区大小，因此无法检查预算</translation>
    </message>
    <message>
        <source>Add total_buffer (with its source) to the ASIC profile, or use a project ASIC profile that has it.</source>
        <translation>在 ASIC 配置中添加 total_buffer（并注明来源），或使用包含该值的项目 ASIC 配置。</translation>
    </message>
    <message>
        <source>a buffer.* setting of the switch is malformed</source>
        <translation>交换机的 buffer.* 设置格式错误</translation>
    </message>
    <message>
        <source>{error}</source>
        <translation>{error}</translation>
    </message>
    <message>
        <source>Correct the node&apos;s buffer.* attribute (see docs/formulas.md, per-switch settings).</source>
        <translation>修正节点的 buffer.* 属性（见 docs/formulas.md 中的“每交换机设置”）。</translation>
    </message>
    <message>
        <source>ports run at a speed the switch&apos;s ASIC does not support</source>
        <translation>端口速率不受交换机 ASIC 支持</translation>
    </message>
    <message>
        <source>{switch}: {count} {?ports} at {speed} ({first}{?more}), but the {asic} ({asic_name}) runs only {supported}</source>
        <translation>{switch}：{count} 个{?ports}速率为 {speed}（{first}{?more}），但 {asic}（{asic_name}）只支持 {supported}</translation>
    </message>
    <message>
        <source>Set the ports to one of {supported} (or break them out), or use an ASIC profile that runs {speed}; if this ASIC does run it, add the speed with its source to a project ASIC profile.</source>
        <translation>将这些端口设为 {supported} 之一（或拆分端口），或使用支持 {speed} 的 ASIC 配置；如果该 ASIC 确实支持此速率，请在项目 ASIC 配置中添加该速率并注明来源。</translation>
    </message>
    <message>
        <source>a linked port has no usable speed, MTU or lane count for the headroom</source>
        <translation>已连接的端口缺少可用于计算缓冲余量的速率、MTU 或通道数</translation>
    </message>
    <message>
        <source>{switch}: {error}</source>
        <translation>{switch}：{error}</translation>
    </message>
    <message>
        <source>Give every linked port of the switch a speed, MTU and lane count.</source>
        <translation>为交换机的每个已连接端口设置速率、MTU 和通道数。</translation>
    </message>
    <message>
        <source>linked ports have no QoS policy</source>
        <translation>已连接的端口没有 QoS 策略</translation>
    </message>
    <message>
        <source>Bind role {role} to a policy (e.g. the default RoCE policy), or override each port.</source>
        <translation>将角色 {role} 绑定到某个策略（例如默认 RoCE 策略），或逐个覆盖端口。</translation>
    </message>
    <message>
        <source>a binding or override names a policy that does not exist</source>
        <translation>绑定或覆盖引用了不存在的策略</translation>
    </message>
    <message>
        <source>{?binding}</source>
        <translation>{?binding}</translation>
    </message>
    <message>
        <source>Add a policy named &quot;{policy}&quot; or {?remedy}.</source>
        <translation>添加名为“{policy}”的策略，或{?remedy}。</translation>
    </message>
    <message>
        <source>an override names a port that does not exist</source>
        <translation>覆盖配置引用了不存在的端口</translation>
    </message>
    <message>
        <source>The override of port {port} to policy {policy} names a port that does not exist (renamed, removed or broken out?); it applies to nothing.</source>
        <translation>端口 {port} 到策略 {policy} 的覆盖配置引用了不存在的端口（已改名、删除或拆分？）；它不作用于任何端口。</translation>
    </message>
    <message>
        <source>Point the override at the port&apos;s current name, or delete it.</source>
        <translation>将覆盖配置指向端口的当前名称，或删除它。</translation>
    </message>
    <message>
        <source>the DWRR weights do not add up to 100 %</source>
        <translation>DWRR 权重之和不等于 100 %</translation>
    </message>
    <message>
        <source>Adjust the DWRR weights so they add up to 100%.</source>
        <translation>调整 DWRR 权重，使其之和为 100%。</translation>
    </message>
    <message>
        <source>a lossless class has no bandwidth share</source>
        <translation>无损类没有带宽份额</translation>
    </message>
    <message>
        <source>bulk traffic in a strict-priority queue</source>
        <translation>严格优先级队列中承载大流量</translation>
    </message>
    <message>
        <source>Schedule data queues with DWRR and weights; keep strict priority for the CNP queue only.</source>
        <translation>数据队列使用 DWRR 调度并设置权重；严格优先级只留给 CNP 队列。</translation>
    </message>
    <message>
        <source>a lossless and a lossy class share a priority group or queue</source>
        <translation>无损类与有损类共用优先级组或队列</translation>
    </message>
    <message>
        <source>Give every lossless priority a PG and an egress queue of its own (SONiC: lossless PGs 3-4, lossy traffic in PG 0).</source>
        <translation>为每个无损优先级分配独立的 PG 和出方向队列（SONiC：无损 PG 为 3-4，有损流量在 PG 0）。</translation>
    </message>
    <message>
        <source>CNPs ride a queue without strict priority</source>
        <translation>CNP 所在队列不是严格优先级</translation>
    </message>
    <message>
        <source>Policy {policy}: CNPs (priority {priority}) go to egress queue {queue}, which is {?scheduling}. Congestion notifications then wait behind data, DCQCN reacts late, and PFC has to catch what ECN should have.</source>
        <translation>策略 {policy}：CNP（优先级 {priority}）进入出方向队列 {queue}，该队列为{?scheduling}。拥塞通知因此排在数据之后，DCQCN 反应迟缓，本应由 ECN 处理的拥塞只能靠 PFC 兜底。</translation>
    </message>
    <message>
        <source>Make queue {queue} strict priority (NVIDIA&apos;s RoCE default: CNP on priority 6, strict).</source>
        <translation>将队列 {queue} 设为严格优先级（NVIDIA 的 RoCE 默认值：CNP 使用优先级 6，严格优先级）。</translation>
    </message>
    <message>
        <source>the NIC sends CNPs in another class than the switch gives them</source>
        <translation>网卡发送 CNP 所用的类别与交换机分配的不同</translation>
    </message>
    <message>
        <source>{?site}</source>
        <translation>{?site}</translation>
    </message>
    <message>
        <source>{?site_fix}</source>
        <translation>{?site_fix}</translation>
    </message>
    <message>
        <source>lossless priorities without a PFC watchdog</source>
        <translation>无损优先级未配置 PFC 看门狗</translation>
    </message>
    <message>
        <source>Policy {policy} (used by {switch_ports} switch port(s) and {host_ports} host port(s), e.g. {example}) makes priorities {priorities} lossless but has no PFC watchdog. A NIC or switch that pauses without end (a PFC storm) then stalls the lossless class across the fabric.</source>
        <translation>策略 {policy}（用于 {switch_ports} 个交换机端口和 {host_ports} 个主机端口，例如 {example}）将优先级 {priorities} 设为无损，但没有 PFC 看门狗。一旦网卡或交换机持续发送暂停帧（PFC 风暴），整个网络的无损类都会被阻塞。</translation>
    </message>
    <message>
        <source>Enable the PFC watchdog on the lossless queues (SONiC default: detection {detection} ms, restoration {restoration} ms, action drop).</source>
        <translation>在无损队列上启用 PFC 看门狗（SONiC 默认：检测 {detection} ms，恢复 {restoration} ms，动作 drop）。</translation>
    </message>
    <message>
        <source>PFC watchdog timers outside the vendors&apos; guidance</source>
        <translation>PFC 看门狗定时器超出厂商建议范围</translation>
    </message>
    <message>
        <source>Policy {policy}: PFC watchdog timers are unsafe: {?detection_problem}{?restoration_problem}.</source>
        <translation>策略 {policy}：PFC 看门狗定时器不安全：{?detection_problem}{?restoration_problem}。</translation>
    </message>
    <message>
        <source>Use detection {default_detection} ms and restoration {default_restoration} ms (SONiC defaults; SONiC accepts detection 100-5000 ms, restoration 100-60000 ms), restoration at least the detection time.</source>
        <translation>使用检测 {default_detection} ms、恢复 {default_restoration} ms（SONiC 默认值；SONiC 接受检测 100-5000 ms、恢复 100-60000 ms），恢复时间不短于检测时间。</translation>
    </message>
    <message>
        <source>the PFC watchdog action forwards or only alerts</source>
        <translation>PFC 看门狗动作为转发或仅告警</translation>
    </message>
    <message>
        <source>Policy {policy}: the PFC watchdog action is &quot;alert&quot;: a storm is reported but not broken.</source>
        <translation>策略 {policy}：PFC 看门狗动作为“alert”：风暴只会被报告而不会被打断。</translation>
    </message>
    <message>
        <source>Use action drop (SONiC default) unless monitoring alone is intended.</source>
        <translation>除非只想监控，否则使用 drop 动作（SONiC 默认）。</translation>
    </message>
    <message>
        <source>a lossless queue has no ECN marking</source>
        <translation>无损队列没有 ECN 标记</translation>
    </message>
    <message>
        <source>Add an ECN/WRED profile on each lossless queue (NVIDIA default: Kmin 150 KB, Kmax 1500 KB).</source>
        <translation>在每个无损队列上添加 ECN/WRED 配置（NVIDIA 默认：Kmin 150 KB，Kmax 1500 KB）。</translation>
    </message>
    <message>
        <source>the NIC and the switch classify by different fields</source>
        <translation>网卡与交换机按不同字段分类</translation>
    </message>
    <message>
        <source>Set the NICs to trust {switch_trust} (mlnx_qos --trust {switch_trust}), as the switches do.</source>
        <translation>将网卡设为信任 {switch_trust}（mlnx_qos --trust {switch_trust}），与交换机一致。</translation>
    </message>
    <message>
        <source>the NIC&apos;s RoCE DSCP lands in another class on the switch</source>
        <translation>网卡的 RoCE DSCP 在交换机上落入其他类别</translation>
    </message>
    <message>
        <source>the NIC&apos;s PFC priorities differ from the switch&apos;s</source>
        <translation>网卡的 PFC 优先级与交换机不同</translation>
    </message>
    <message>
        <source>DCQCN is off on the NIC&apos;s RoCE priority</source>
        <translation>网卡的 RoCE 优先级上 DCQCN 已关闭</translation>
    </message>
    <message>
        <source>Policy {policy}: the host NICs&apos; DCQCN {?disabled} is disabled. Switches may mark ECN, but {?effect}; PFC becomes the only congestion control and pause storms follow.</source>
        <translation>策略 {policy}：主机网卡的 DCQCN {?disabled}已禁用。交换机可以标记 ECN，但{?effect}；PFC 成为唯一的拥塞控制手段，随之而来的是暂停风暴。</translation>
    </message>
    <message>
        <source>Enable DCQCN on priority {priority} on the NICs (roce_np/enable/{priority} and roce_rp/enable/{priority} = 1).</source>
        <translation>在网卡上为优先级 {priority} 启用 DCQCN（roce_np/enable/{priority} 和 roce_rp/enable/{priority} = 1）。</translation>
    </message>
    <message>
        <source>the two ends of a link have different MTUs</source>
        <translation>链路两端的 MTU 不同</translation>
    </message>
    <message>
        <source>Link {a} -- {b}: MTU {mtu_a} B on {a} but {mtu_b} B on {b}. Frames larger than {min_mtu} B are dropped in one direction (RoCE path MTU negotiation does not see it), and the headroom of both ends is computed for different frame sizes.</source>
        <translation>链路 {a} -- {b}：{a} 的 MTU 为 {mtu_a} B，而 {b} 为 {mtu_b} B。大于 {min_mtu} B 的帧会在一个方向上被丢弃（RoCE 路径 MTU 协商察觉不到），且两端的缓冲余量按不同帧长计算。</translation>
    </message>
    <message>
        <source>Set the same MTU on both ends (the fabric&apos;s usual {max_mtu} B).</source>
        <translation>两端设置相同的 MTU（本网络通常为 {max_mtu} B）。</translation>
    </message>
    <message>
        <source>the two ends of a link have different speeds</source>
        <translation>链路两端的速率不同</translation>
    </message>
    <message>
        <source>Link {a} -- {b}: {a} runs at {speed_a} but {b} at {speed_b}; the link will not come up (or auto-negotiates down), and headroom and ECN thresholds assume the configured speed.</source>
        <translation>链路 {a} -- {b}：{a} 速率为 {speed_a}，而 {b} 为 {speed_b}；链路无法建立（或自协商降速），而缓冲余量和 ECN 阈值都按配置速率计算。</translation>
    </message>
    <message>
        <source>Set both ends to the speed of the cable/optic, breaking out the faster port if needed.</source>
        <translation>将两端设为线缆/光模块的速率，必要时拆分较快的端口。</translation>
    </message>
    <message>
        <source>the two ends of a link have different FEC modes</source>
        <translation>链路两端的 FEC 模式不同</translation>
    </message>
    <message>
        <source>Link {a} -- {b}: FEC {fec_a} on {a} but {fec_b} on {b}; the link will not come up, or will come up with errors.</source>
        <translation>链路 {a} -- {b}：{a} 的 FEC 为 {fec_a}，而 {b} 为 {fec_b}；链路无法建立，或建立后出现误码。</translation>
    </message>
    <message>
        <source>Use the same FEC on both ends ({fec} for {speed} links).</source>
        <translation>两端使用相同的 FEC（{speed} 链路使用 {fec}）。</translation>
    </message>
    <message>
        <source>the two ends of a link classify by different fields</source>
        <translation>链路两端按不同字段分类</translation>
    </message>
    <message>
        <source>Use the same trust mode on every switch port (DSCP for routed RoCEv2 fabrics).</source>
        <translation>所有交换机端口使用相同的信任模式（路由 RoCEv2 网络使用 DSCP）。</translation>
    </message>
    <message>
        <source>PFC is enabled on one end of a link and not the other</source>
        <translation>链路一端启用了 PFC 而另一端没有</translation>
    </message>
    <message>
        <source>Enable PFC on the same priorities on both ends of every link.</source>
        <translation>在每条链路两端的相同优先级上启用 PFC。</translation>
    </message>
    <message>
        <source>the two ends of a link map DSCP differently</source>
        <translation>链路两端的 DSCP 映射不同</translation>
    </message>
    <message>
        <source>Use one DSCP map on every switch port of the fabric (bind the same policy, or copy the map).</source>
        <translation>网络中所有交换机端口使用同一个 DSCP 映射（绑定同一策略，或复制映射）。</translation>
    </message>
    <message>
        <source>links whose FEC the source does not give are not checked for FEC</source>
        <translation>来源未给出 FEC 的链路不做 FEC 检查</translation>
    </message>
    <message>
        <source>Give the FEC of these ports (the peer&apos;s config_db.json, the fec column of the plan, or &quot;fec&quot; in the fabric JSON).</source>
        <translation>给出这些端口的 FEC（对端的 config_db.json、规划中的 fec 列，或 fabric JSON 中的 &quot;fec&quot;）。</translation>
    </message>
    <message>
        <source>a cable is longer than its medium reaches at the lane rate</source>
        <translation>线缆长度超过其介质在该通道速率下的传输距离</translation>
    </message>
    <message>
        <source>Link {a} -- {b}: a {length} {medium} is longer than the {reach} that medium reaches{?lane} ({source}). The link will not come up, or will run with errors that lossless traffic pays for in retransmissions.</source>
        <translation>链路 {a} -- {b}：{length} 的 {medium} 超过该介质的传输距离 {reach}{?lane}（{source}）。链路无法建立，或带误码运行，无损流量将为重传付出代价。</translation>
    </message>
    <message>
        <source>{?remedy}</source>
        <translation>{?remedy}</translation>
    </message>
    <message>
        <source>no reach is published for the medium at this lane rate</source>
        <translation>该介质在此通道速率下没有公开的传输距离</translation>
    </message>
    <message>
        <source>Link {a} -- {b}: no copper reach is published for {lane_rate} Gb/s per lane; the {length} DAC is not checked.</source>
        <translation>链路 {a} -- {b}：每通道 {lane_rate} Gb/s 没有公开的铜缆传输距离；这条 {length} 的 DAC 未检查。</translation>
    </message>
    <message>
        <source>Check the cable vendor&apos;s reach for this lane rate.</source>
        <translation>向线缆厂商确认该通道速率下的传输距离。</translation>
    </message>
    <message>
        <source>links with a length but no medium: their reach is not checked</source>
        <translation>有长度但没有介质的链路：未检查传输距离</translation>
    </message>
    <message>
        <source>{count} link(s) have a length but no medium in the source ({links}); their reach is not checked.</source>
        <translation>{count} 条链路在来源中有长度但没有介质（{links}）；未检查其传输距离。</translation>
    </message>
    <message>
        <source>Give the medium of these links (the medium column of the plan: DAC, AOC or fibre; or &quot;medium&quot; in the fabric JSON).</source>
        <translation>给出这些链路的介质（规划中的 medium 列：DAC、AOC 或光纤；或 fabric JSON 中的 &quot;medium&quot;）。</translation>
    </message>
    <message>
        <source>InfiniBand QoS (SL to VL, VL arbitration) is set by the subnet manager</source>
        <translation>InfiniBand QoS（SL 到 VL、VL 仲裁）由子网管理器设置</translation>
    </message>
    <message>
        <source>Run `lfp deadlock PROJECT --routing lft --lft opensm-lfts.dump --sl2vl opensm-sl2vl.dump` for the VLs in use.</source>
        <translation>对使用中的 VL 运行 `lfp deadlock PROJECT --routing lft --lft opensm-lfts.dump --sl2vl opensm-sl2vl.dump`。</translation>
    </message>
    <message>
        <source>RoCE traffic between two hosts crosses a lossy hop</source>
        <translation>两台主机之间的 RoCE 流量经过有损跳</translation>
    </message>
    <message>
        <source>the routing creates a cyclic buffer dependency on a lossless priority</source>
        <translation>路由在无损优先级上形成循环缓冲区依赖</translation>
    </message>
    <message>
        <source>one destination&apos;s routes form a loop</source>
        <translation>某个目的地的路由形成环路</translation>
    </message>
    <message>
        <source>with links down, the re-converged routing creates a cycle</source>
        <translation>链路故障后，重新收敛的路由形成环</translation>
    </message>
    <message>
        <source>with links down, a routing loop appears</source>
        <translation>链路故障后出现路由环路</translation>
    </message>
    <message>
        <source>host pairs have no path in this routing</source>
        <translation>在此路由下主机对之间没有路径</translation>
    </message>
    <message>
        <source>with links down, host pairs lose their lossless path</source>
        <translation>链路故障后，主机对失去无损路径</translation>
    </message>
    <message>
        <source>the analysis covered nothing: there is no verdict</source>
        <translation>分析未覆盖任何内容：没有结论</translation>
    </message>
    <message>
        <source>no switch-to-switch buffer is lossless for the analysed priorities</source>
        <translation>对所分析的优先级，没有无损的交换机间缓冲区</translation>
    </message>
    <message>
        <source>InfiniBand: the forwarding tables create a credit loop on a VL</source>
        <translation>InfiniBand：转发表在某个 VL 上形成信用环路</translation>
    </message>
    <message>
        <source>InfiniBand: one DLID&apos;s routes form a loop</source>
        <translation>InfiniBand：某个 DLID 的路由形成环路</translation>
    </message>
    <message>
        <source>InfiniBand: CA pairs without a route in the forwarding tables</source>
        <translation>InfiniBand：转发表中没有路由的 CA 对</translation>
    </message>
    <message>
        <source>a configured switch is not in the plan</source>
        <translation>配置中的交换机不在规划中</translation>
    </message>
    <message>
        <source>{node} is running but is not in the plan</source>
        <translation>{node} 正在运行，但不在规划中</translation>
    </message>
    <message>
        <source>Add the switch to the plan, or check that the config file belongs to this fabric.</source>
        <translation>将该交换机加入规划，或确认该配置文件属于此网络。</translation>
    </message>
    <message>
        <source>a planned port is not configured on the switch</source>
        <translation>规划的端口未在交换机上配置</translation>
    </message>
    <message>
        <source>the planned port is not configured on the switch{?grouped}</source>
        <translation>规划的端口未在交换机上配置{?grouped}</translation>
    </message>
    <message>
        <source>Create the port (check breakout mode and port naming).</source>
        <translation>创建该端口（检查拆分模式和端口命名）。</translation>
    </message>
    <message>
        <source>a port with a neighbour is not in the plan</source>
        <translation>有邻居的端口不在规划中</translation>
    </message>
    <message>
        <source>the port has a neighbour ({peer}) but is not in the plan{?grouped}</source>
        <translation>该端口有邻居（{peer}），但不在规划中{?grouped}</translation>
    </message>
    <message>
        <source>Add the port and its link to the plan.</source>
        <translation>将该端口及其链路加入规划。</translation>
    </message>
    <message>
        <source>the port speed differs from the plan</source>
        <translation>端口速率与规划不同</translation>
    </message>
    <message>
        <source>the port runs at {running}, the plan says {planned}{?grouped}</source>
        <translation>端口速率为 {running}，规划为 {planned}{?grouped}</translation>
    </message>
    <message>
        <source>Set the planned speed (headroom and buffer profiles depend on it).</source>
        <translation>设置规划的速率（缓冲余量和缓冲区配置依赖于它）。</translation>
    </message>
    <message>
        <source>the MTU differs from the plan</source>
        <translation>MTU 与规划不同</translation>
    </message>
    <message>
        <source>the MTU is {running} B, the plan says {planned} B{?grouped}</source>
        <translation>MTU 为 {running} B，规划为 {planned} B{?grouped}</translation>
    </message>
    <message>
        <source>Set the planned MTU (headroom depends on it).</source>
        <translation>设置规划的 MTU（缓冲余量依赖于它）。</translation>
    </message>
    <message>
        <source>the FEC mode differs from the plan</source>
        <translation>FEC 模式与规划不同</translation>
    </message>
    <message>
        <source>FEC is {running}, the plan says {planned}{?grouped}</source>
        <translation>FEC 为 {running}，规划为 {planned}{?grouped}</translation>
    </message>
    <message>
        <source>Set the planned FEC mode.</source>
        <translation>设置规划的 FEC 模式。</translation>
    </message>
    <message>
        <source>the neighbour differs from the planned link</source>
        <translation>邻居与规划的链路不同</translation>
    </message>
    <message>
        <source>the switch says the neighbour is {running}, the plan says {planned}{?grouped}</source>
        <translation>交换机报告的邻居为 {running}，规划为 {planned}{?grouped}</translation>
    </message>
    <message>
        <source>Check the cabling (or the DEVICE_NEIGHBOR entry) against the plan.</source>
        <translation>对照规划检查布线（或 DEVICE_NEIGHBOR 条目）。</translation>
    </message>
    <message>
        <source>CABLE_LENGTH is shorter than the planned cable</source>
        <translation>CABLE_LENGTH 短于规划的线缆长度</translation>
    </message>
    <message>
        <source>CABLE_LENGTH is {running} but the planned cable is {planned}: the lossless headroom is too small{?grouped}</source>
        <translation>CABLE_LENGTH 为 {running}，但规划的线缆为 {planned}：无损缓冲余量过小{?grouped}</translation>
    </message>
    <message>
        <source>Set CABLE_LENGTH to at least the planned length (`config interface cable-length`).</source>
        <translation>将 CABLE_LENGTH 设为不小于规划长度（`config interface cable-length`）。</translation>
    </message>
    <message>
        <source>the plan applies a QoS policy, the port has no QoS maps</source>
        <translation>规划应用了 QoS 策略，但端口没有 QoS 映射</translation>
    </message>
    <message>
        <source>no QoS maps are bound to the port; the plan applies {policy}{?grouped}</source>
        <translation>端口未绑定任何 QoS 映射；规划应用的是 {policy}{?grouped}</translation>
    </message>
    <message>
        <source>Add the port to PORT_QOS_MAP with the planned maps and pfc_enable.</source>
        <translation>将该端口加入 PORT_QOS_MAP，并设置规划的映射和 pfc_enable。</translation>
    </message>
    <message>
        <source>the port has QoS maps the plan does not give it</source>
        <translation>端口有规划未给出的 QoS 映射</translation>
    </message>
    <message>
        <source>the port has QoS maps the plan does not give it{?grouped}</source>
        <translation>端口有规划未给出的 QoS 映射{?grouped}</translation>
    </message>
    <message>
        <source>Bind a policy to the port in the plan, or remove the port from PORT_QOS_MAP.</source>
        <translation>在规划中为该端口绑定策略，或将该端口从 PORT_QOS_MAP 中删除。</translation>
    </message>
    <message>
        <source>classification by DSCP vs PCP differs from the plan</source>
        <translation>按 DSCP 或 PCP 分类与规划不同</translation>
    </message>
    <message>
        <source>trust is {running} on the switch, the plan says {planned}{?grouped}</source>
        <translation>交换机上的信任模式为 {running}，规划为 {planned}{?grouped}</translation>
    </message>
    <message>
        <source>Bind the planned classification map (PORT_QOS_MAP dscp_to_tc_map) to the port.</source>
        <translation>将规划的分类映射（PORT_QOS_MAP dscp_to_tc_map）绑定到该端口。</translation>
    </message>
    <message>
        <source>DSCP to traffic class entries differ from the plan</source>
        <translation>DSCP 到流量类别的条目与规划不同</translation>
    </message>
    <message>
        <source>Restore the planned DSCP_TO_TC_MAP (e.g. re-export the SONiC config from the plan and `config qos reload`).</source>
        <translation>恢复规划的 DSCP_TO_TC_MAP（例如从规划重新导出 SONiC 配置并执行 `config qos reload`）。</translation>
    </message>
    <message>
        <source>traffic class to priority group entries differ from the plan</source>
        <translation>流量类别到优先级组的条目与规划不同</translation>
    </message>
    <message>
        <source>Restore the planned TC_TO_PRIORITY_GROUP_MAP.</source>
        <translation>恢复规划的 TC_TO_PRIORITY_GROUP_MAP。</translation>
    </message>
    <message>
        <source>traffic class to queue entries differ from the plan</source>
        <translation>流量类别到队列的条目与规划不同</translation>
    </message>
    <message>
        <source>Restore the planned TC_TO_QUEUE_MAP.</source>
        <translation>恢复规划的 TC_TO_QUEUE_MAP。</translation>
    </message>
    <message>
        <source>pfc_enable differs from the planned lossless priorities</source>
        <translation>pfc_enable 与规划的无损优先级不同</translation>
    </message>
    <message>
        <source>PFC is on for priorities {running} on the switch, the plan says {planned}{?grouped}</source>
        <translation>交换机上 PFC 启用的优先级为 {running}，规划为 {planned}{?grouped}</translation>
    </message>
    <message>
        <source>Set pfc_enable to &quot;{planned}&quot; in PORT_QOS_MAP.</source>
        <translation>在 PORT_QOS_MAP 中将 pfc_enable 设为 &quot;{planned}&quot;。</translation>
    </message>
    <message>
        <source>a planned lossless priority has no lossless buffer profile</source>
        <translation>规划的无损优先级没有无损缓冲区配置</translation>
    </message>
    <message>
        <source>priority {priority} is lossless in the plan but PG {pg} has no lossless buffer profile (BUFFER_PG profile: {profile}){?grouped}</source>
        <translation>优先级 {priority} 在规划中是无损的，但 PG {pg} 没有无损缓冲区配置（BUFFER_PG 配置：{profile}）{?grouped}</translation>
    </message>
    <message>
        <source>Add BUFFER_PG &lt;port&gt;|&lt;pg&gt; with the lossless headroom profile for the port&apos;s speed and cable length.</source>
        <translation>添加 BUFFER_PG &lt;port&gt;|&lt;pg&gt;，使用与端口速率和线缆长度对应的无损缓冲余量配置。</translation>
    </message>
    <message>
        <source>a queue&apos;s scheduling differs from the plan</source>
        <translation>队列调度与规划不同</translation>
    </message>
    <message>
        <source>Restore the planned SCHEDULER bindings in QUEUE.</source>
        <translation>恢复 QUEUE 中规划的 SCHEDULER 绑定。</translation>
    </message>
    <message>
        <source>a queue&apos;s ECN marking differs from the plan</source>
        <translation>队列的 ECN 标记与规划不同</translation>
    </message>
    <message>
        <source>{?difference}{?grouped}</source>
        <translation>{?difference}{?grouped}</translation>
    </message>
    <message>
        <source>{?difference_fix}</source>
        <translation>{?difference_fix}</translation>
    </message>
    <message>
        <source>the PFC watchdog differs from the plan</source>
        <translation>PFC 看门狗与规划不同</translation>
    </message>
    <message>
        <source>the reservations exceed the buffer: the exported shared pools would be negative</source>
        <translation>预留量超出缓冲区：导出的共享缓冲池将为负值</translation>
    </message>
    <message>
        <source>the planned FEC mode has no code on the target</source>
        <translation>规划的 FEC 模式在目标平台上没有对应代码</translation>
    </message>
    <message>
        <source>the switch model is in neither CloudEngine command family: the default family is written</source>
        <translation>交换机型号不属于任何 CloudEngine 命令族：写入默认命令族</translation>
    </message>
    <message>
        <source>two objects the target names alike differ</source>
        <translation>目标平台同名的两个对象内容不同</translation>
    </message>
    <message>
        <source>the policy&apos;s NIC settings disagree with its DSCP map</source>
        <translation>策略的网卡设置与其 DSCP 映射不一致</translation>
    </message>
    <message>
        <source>the switch has no known ASIC profile: no buffers can be exported</source>
        <translation>交换机没有已知的 ASIC 配置：无法导出缓冲区</translation>
    </message>
    <message>
        <source>the planner could not compute the switch&apos;s budget</source>
        <translation>规划器无法计算该交换机的预算</translation>
    </message>
    <message>
        <source>no policy is bound: nothing to configure there</source>
        <translation>未绑定策略：该处无需配置</translation>
    </message>
    <message>
        <source>a part of the plan the target cannot express</source>
        <translation>规划中目标平台无法表达的部分</translation>
    </message>
    <message>
        <source>the plan&apos;s port name is not the platform&apos;s interface name</source>
        <translation>规划中的端口名不是平台的接口名</translation>
    </message>
    <message>
        <source>a port with a lossless policy is on no planned link</source>
        <translation>配置了无损策略的端口不在任何规划链路上</translation>
    </message>
    <message>
        <source>a value the target rounds</source>
        <translation>目标平台会取整的数值</translation>
    </message>
    <message>
        <source>SONiC&apos;s dynamic buffer model on an ASIC it does not compute headroom for</source>
        <translation>在 SONiC 不计算缓冲余量的 ASIC 上使用动态缓冲模型</translation>
    </message>
    <message>
        <source>ports that need different lossless headroom share one SONiC profile name</source>
        <translation>需要不同无损缓冲余量的端口共用一个 SONiC 配置名</translation>
    </message>
    <message>
        <source>a value is outside the target&apos;s range</source>
        <translation>数值超出目标平台的范围</translation>
    </message>
    <message>
        <source>packets dropped on a priority the plan keeps lossless</source>
        <translation>规划为无损的优先级上出现丢包</translation>
    </message>
    <message>
        <source>A lossless priority must not drop: check the headroom of this port (lfp headroom / lfp budget), PFC on both link ends and the peer&apos;s response (mlnx_qos -i &lt;if&gt;, pause counters)</source>
        <translation>无损优先级不应丢包：检查该端口的缓冲余量（lfp headroom / lfp budget）、链路两端的 PFC 以及对端的响应（mlnx_qos -i &lt;if&gt;，暂停计数器）</translation>
    </message>
    <message>
        <source>PFC pause frames on a priority the plan keeps lossy</source>
        <translation>规划为有损的优先级上出现 PFC 暂停帧</translation>
    </message>
    <message>
        <source>PFC is enabled on a priority the plan does not make lossless, here or at the peer: compare the running PFC bitmap (show pfc priority / mlnx_qos) with the plan (lfp drift)</source>
        <translation>在规划未设为无损的优先级上启用了 PFC（本端或对端）：将运行中的 PFC 位图（show pfc priority / mlnx_qos）与规划（lfp drift）比较</translation>
    </message>
    <message>
        <source>pause frames on a lossless priority grew beyond the threshold</source>
        <translation>无损优先级上的暂停帧增长超过阈值</translation>
    </message>
    <message>
        <source>{port}: {delta} pause frames on lossless priority {priority} between the captures (threshold {threshold})</source>
        <translation>{port}：两次采集之间，无损优先级 {priority} 上出现 {delta} 个暂停帧（阈值 {threshold}）</translation>
    </message>
    <message>
        <source>T2 PFC pausing: find the pause source (a local buffer or the peer); check that ECN marks before PFC (lfp ecn) and that the change did not shrink the pool</source>
        <translation>T2 PFC 暂停：找到暂停源（本地缓冲区或对端）；确认 ECN 先于 PFC 标记（lfp ecn），且变更没有缩小缓冲池</translation>
    </message>
    <message>
        <source>CNPs without ECN marks</source>
        <translation>有 CNP 但没有 ECN 标记</translation>
    </message>
    <message>
        <source>{port}: {cnp} CNPs sent or handled but no ECN-marked packet counted between the captures</source>
        <translation>{port}：两次采集之间发送或处理了 {cnp} 个 CNP，但没有统计到带 ECN 标记的报文</translation>
    </message>
    <message>
        <source>CNPs need ECN marks: check that the switches mark ECN on the RoCE queue and that the NIC&apos;s ECN/CNP priority matches the plan</source>
        <translation>CNP 需要 ECN 标记：确认交换机在 RoCE 队列上标记 ECN，且网卡的 ECN/CNP 优先级与规划一致</translation>
    </message>
    <message>
        <source>the PFC watchdog fired</source>
        <translation>PFC 看门狗已触发</translation>
    </message>
    <message>
        <source>{port}: the PFC watchdog detected a storm on queue {queue} ({delta} new detections)</source>
        <translation>{port}：PFC 看门狗在队列 {queue} 上检测到风暴（新增 {delta} 次检测）</translation>
    </message>
    <message>
        <source>A PFC storm or deadlock: find the port that keeps pausing (T3: a congestion tree across switches, a routing or topology change); lfp deadlock</source>
        <translation>PFC 风暴或死锁：找到持续发送暂停帧的端口（T3：跨交换机的拥塞树、路由或拓扑变化）；lfp deadlock</translation>
    </message>
    <message>
        <source>a counter went down between the captures (cleared or rebooted)</source>
        <translation>两次采集之间计数器减少（被清零或设备重启）</translation>
    </message>
    <message>
        <source>{port}: {counter} of priority/queue {priority} went from {before} to {after}: the counters were cleared or the device rebooted</source>
        <translation>{port}：优先级/队列 {priority} 的 {counter} 从 {before} 变为 {after}：计数器被清零或设备已重启</translation>
    </message>
    <message>
        <source>Capture before and after again without clearing the counters in between</source>
        <translation>重新进行变更前后的采集，期间不要清零计数器</translation>
    </message>
    <message>
        <source>counters grew on a port the plan does not have</source>
        <translation>规划中不存在的端口上计数器增长</translation>
    </message>
    <message>
        <source>{port}: counters grew on a port the plan has no policy for</source>
        <translation>{port}：计数器在一个规划中没有策略的端口上增长</translation>
    </message>
    <message>
        <source>Check the port naming (lfp export reports platform names) or add the port to the plan</source>
        <translation>检查端口命名（lfp export 会报告平台名称），或将该端口加入规划</translation>
    </message>
    <message>
        <source>a capture file exists in one phase only</source>
        <translation>采集文件只存在于一个阶段</translation>
    </message>
    <message>
        <source>{file} is in one capture only: its counters are not compared</source>
        <translation>{file} 只存在于一次采集中：其计数器未比较</translation>
    </message>
    <message>
        <source>Run the evidence script with the same version in both phases</source>
        <translation>在两个阶段使用相同版本的采集脚本</translation>
    </message>
    <message>
        <source>port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>ports</source>
        <translation>端口</translation>
    </message>
    <message>
        <source> and {more_count} more</source>
        <translation> 等另外 {more_count} 个</translation>
    </message>
    <message>
        <source>Role {role} is bound to policy &quot;{policy}&quot;, which does not exist; its ports have no QoS policy.</source>
        <translation>角色 {role} 绑定到策略“{policy}”，但该策略不存在；其端口没有 QoS 策略。</translation>
    </message>
    <message>
        <source>Port {port} is overridden to policy &quot;{policy}&quot;, which does not exist; the port has no QoS policy.</source>
        <translation>端口 {port} 被覆盖为策略“{policy}”，但该策略不存在；该端口没有 QoS 策略。</translation>
    </message>
    <message>
        <source>bind role {role} to an existing policy</source>
        <translation>将角色 {role} 绑定到已有策略</translation>
    </message>
    <message>
        <source>remove the override of {port}</source>
        <translation>删除 {port} 的覆盖配置</translation>
    </message>
    <message>
        <source>, and a PFC pause of it stalls the port&apos;s highest-priority service</source>
        <translation>；对它的 PFC 暂停会阻塞端口最高优先级的服务</translation>
    </message>
    <message>
        <source> Lossy packets in a lossless PG count against its XOFF threshold and use its headroom, which then cannot absorb the lossless traffic in flight after a pause: lossless packets are dropped.</source>
        <translation>有损报文进入无损 PG 后计入其 XOFF 阈值并占用其缓冲余量，暂停后在途的无损流量便无处容纳：无损报文被丢弃。</translation>
    </message>
    <message>
        <source> A PFC pause of a lossless priority stops its whole egress queue, blocking the lossy traffic in it, and the queue&apos;s drop and ECN settings apply to both.</source>
        <translation>对无损优先级的 PFC 暂停会停止整个出方向队列，阻塞其中的有损流量，且该队列的丢弃和 ECN 设置同时作用于两者。</translation>
    </message>
    <message>
        <source>DWRR with weight {weight}%</source>
        <translation>DWRR，权重 {weight}%</translation>
    </message>
    <message>
        <source>not in ETS</source>
        <translation>不在 ETS 中</translation>
    </message>
    <message>
        <source>Policy {policy}: CNPs are marked DSCP {dscp} but the DSCP map sends DSCP {dscp} to priority {mapped}, not to the CNP priority {cnp}.</source>
        <translation>策略 {policy}：CNP 标记为 DSCP {dscp}，但 DSCP 映射将 DSCP {dscp} 送到优先级 {mapped}，而不是 CNP 优先级 {cnp}。</translation>
    </message>
    <message>
        <source>Map DSCP {dscp} to priority {cnp} in the policy&apos;s DSCP map.</source>
        <translation>在策略的 DSCP 映射中将 DSCP {dscp} 映射到优先级 {cnp}。</translation>
    </message>
    <message>
        <source>Set the NICs&apos; CNP DSCP to {switch_dscp} (roce_np/cnp_dscp) or map DSCP {dscp} to priority {cnp} on the switches.</source>
        <translation>将网卡的 CNP DSCP 设为 {switch_dscp}（roce_np/cnp_dscp），或在交换机上将 DSCP {dscp} 映射到优先级 {cnp}。</translation>
    </message>
    <message>
        <source>detection {detection} ms is below {min_detection} ms and will fire on legitimate pause bursts (false positives drop lossless traffic)</source>
        <translation>检测时间 {detection} ms 低于 {min_detection} ms，会在正常的暂停突发时触发（误报会丢弃无损流量）</translation>
    </message>
    <message>
        <source>detection {detection} ms is above {max_detection} ms; a storm spreads through the fabric long before it is broken</source>
        <translation>检测时间 {detection} ms 高于 {max_detection} ms；风暴在被打断之前早已扩散到整个网络</translation>
    </message>
    <message>
        <source>restoration {restoration} ms is shorter than detection {detection} ms, so a queue that is still being stormed is restored and re-detected in a loop</source>
        <translation>恢复时间 {restoration} ms 短于检测时间 {detection} ms，仍处于风暴中的队列会被恢复后再次检测，循环往复</translation>
    </message>
    <message>
        <source>; restoration {restoration} ms is shorter than detection {detection} ms, so a queue that is still being stormed is restored and re-detected in a loop</source>
        <translation>；恢复时间 {restoration} ms 短于检测时间 {detection} ms，仍处于风暴中的队列会被恢复后再次检测，循环往复</translation>
    </message>
    <message>
        <source>Policy {policy}: host NICs mark RoCE with DSCP {dscp} and should send it on priority {priority}, but the policy&apos;s DSCP map (the NIC&apos;s dscp2prio) puts DSCP {dscp} on priority {mapped}. The NIC then transmits and pauses RoCE on the wrong priority.</source>
        <translation>策略 {policy}：主机网卡用 DSCP {dscp} 标记 RoCE，并应在优先级 {priority} 上发送，但策略的 DSCP 映射（网卡的 dscp2prio）将 DSCP {dscp} 放到优先级 {mapped}。网卡因此在错误的优先级上发送和暂停 RoCE。</translation>
    </message>
    <message>
        <source>Map DSCP {dscp} to priority {priority} (dcb app add dev IF dscp-prio {dscp}:{priority}).</source>
        <translation>将 DSCP {dscp} 映射到优先级 {priority}（dcb app add dev IF dscp-prio {dscp}:{priority}）。</translation>
    </message>
    <message>
        <source>map DSCP {dscp}</source>
        <translation>将 DSCP {dscp} 映射</translation>
    </message>
    <message>
        <source>take PCP {priority}</source>
        <translation>将 PCP {priority} 归类</translation>
    </message>
    <message>
        <source>lossless but not the NIC&apos;s priority</source>
        <translation>是无损的，但不是网卡的优先级</translation>
    </message>
    <message>
        <source>lossy</source>
        <translation>是有损的</translation>
    </message>
    <message>
        <source>The switch pauses a priority the NIC does not send RoCE on, so the pauses do not stop it: drops under congestion.</source>
        <translation>交换机暂停的优先级并不是网卡发送 RoCE 的优先级，暂停无法使其停止：拥塞时丢包。</translation>
    </message>
    <message>
        <source>RoCE rides best effort from the first hop: drops, retransmissions, and throughput collapse under incast.</source>
        <translation>RoCE 从第一跳起就以尽力而为方式转发：在 incast 下出现丢包、重传和吞吐量崩溃。</translation>
    </message>
    <message>
        <source>Make the NICs mark a DSCP the switches map to their lossless RoCE priority, or map DSCP {dscp} to priority {priority} and make it lossless on the switches.</source>
        <translation>让网卡使用交换机映射到无损 RoCE 优先级的 DSCP 进行标记，或在交换机上将 DSCP {dscp} 映射到优先级 {priority} 并设为无损。</translation>
    </message>
    <message>
        <source>Make priority {priority} lossless on the switches, or send RoCE on a lossless priority.</source>
        <translation>在交换机上将优先级 {priority} 设为无损，或在无损优先级上发送 RoCE。</translation>
    </message>
    <message>
        <source>Policy {policy}: host NICs send RoCE on priority {priority} but have PFC enabled only on {nic_pfc}: the NIC neither honours the switch&apos;s pauses on priority {priority} nor sends its own, so RoCE is lossy at the host edge.</source>
        <translation>策略 {policy}：主机网卡在优先级 {priority} 上发送 RoCE，但只在 {nic_pfc} 上启用了 PFC：网卡既不响应交换机在优先级 {priority} 上的暂停，也不发送自己的暂停，因此 RoCE 在主机侧是有损的。</translation>
    </message>
    <message>
        <source>Enable PFC on priority {priority} on the NICs (dcb pfc set dev IF prio-pfc {priority}:on).</source>
        <translation>在网卡上为优先级 {priority} 启用 PFC（dcb pfc set dev IF prio-pfc {priority}:on）。</translation>
    </message>
    <message>
        <source>The RoCE priority {priority} is not PFC-enabled on both sides, so RoCE is lossy on this hop.</source>
        <translation>RoCE 优先级 {priority} 没有在两侧都启用 PFC，因此 RoCE 在这一跳是有损的。</translation>
    </message>
    <message>
        <source>The RoCE priority agrees; the other differences waste headroom or ignore pauses.</source>
        <translation>RoCE 优先级一致；其他差异会浪费缓冲余量或忽略暂停帧。</translation>
    </message>
    <message>
        <source>Enable PFC on the NICs on exactly the switches&apos; lossless priorities, {switch_pfc} (dcb pfc set dev IF prio-pfc all:off {pfc_on}).</source>
        <translation>在网卡上只在交换机的无损优先级 {switch_pfc} 上启用 PFC（dcb pfc set dev IF prio-pfc all:off {pfc_on}）。</translation>
    </message>
    <message>
        <source>reaction point (sender) and notification point (receiver)</source>
        <translation>反应点（发送端）和通知点（接收端）</translation>
    </message>
    <message>
        <source>reaction point (sender)</source>
        <translation>反应点（发送端）</translation>
    </message>
    <message>
        <source>notification point (receiver)</source>
        <translation>通知点（接收端）</translation>
    </message>
    <message>
        <source>no receiver sends CNPs</source>
        <translation>没有接收端发送 CNP</translation>
    </message>
    <message>
        <source>senders ignore the CNPs they receive</source>
        <translation>发送端忽略收到的 CNP</translation>
    </message>
    <message>
        <source> (no traffic is classified into them, so this is only wasted buffer)</source>
        <translation>（没有流量被分到这些优先级，因此只是浪费缓冲区）</translation>
    </message>
    <message>
        <source> A lossless class is involved: a packet queued in one class is paused (or not) as another, so it is dropped or blocks lossy traffic.</source>
        <translation>涉及无损类：在一个类别中排队的报文被按另一个类别暂停（或不暂停），因而被丢弃或阻塞有损流量。</translation>
    </message>
    <message>
        <source> Only lossy classes are involved: scheduling differs per hop.</source>
        <translation>只涉及有损类：每一跳的调度不同。</translation>
    </message>
    <message>
        <source> at {lane_rate} Gb/s per lane</source>
        <translation>（每通道 {lane_rate} Gb/s）</translation>
    </message>
    <message>
        <source>Use an AOC or optics and fibre for this run, or move the racks closer.</source>
        <translation>这段线路改用 AOC 或光模块加光纤，或把机柜移近。</translation>
    </message>
    <message>
        <source>Use transceivers and structured fibre (single-mode DR/FR for more than 100 m).</source>
        <translation>使用光模块和结构化光纤布线（超过 100 m 使用单模 DR/FR）。</translation>
    </message>
    <message>
        <source>Shorten the run: a lossless fabric link beyond 40 km needs coherent DCI optics and a headroom plan of its own.</source>
        <translation>缩短线路：超过 40 km 的无损网络链路需要相干 DCI 光模块和单独的缓冲余量规划。</translation>
    </message>
    <message>
        <source> at the receiving NICs</source>
        <translation>（在接收端网卡处）</translation>
    </message>
    <message>
        <source> Example path: {path}.</source>
        <translation>示例路径：{path}。</translation>
    </message>
    <message>
        <source>Map DSCP {dscp} to priority {priority} and make it lossless in policy {policy} (one DSCP map and PFC set for the whole fabric), or make the NICs mark the fabric&apos;s RoCE DSCP.</source>
        <translation>在策略 {policy} 中将 DSCP {dscp} 映射到优先级 {priority} 并设为无损（整个网络使用同一 DSCP 映射和 PFC 设置），或让网卡使用网络的 RoCE DSCP 进行标记。</translation>
    </message>
    <message>
        <source>Map DSCP {dscp} to priority {priority} and enable PFC on it in the NIC policy {policy}, or use one RoCE marking for all hosts.</source>
        <translation>在网卡策略 {policy} 中将 DSCP {dscp} 映射到优先级 {priority} 并启用 PFC，或让所有主机使用同一种 RoCE 标记。</translation>
    </message>
    <message>
        <source>queue {queue} marks ECN ({profile}) but the plan has no ECN there</source>
        <translation>队列 {queue} 标记 ECN（{profile}），但规划中该处没有 ECN</translation>
    </message>
    <message>
        <source>Remove the WRED/ECN profile from the queue or add it to the plan.</source>
        <translation>从队列上删除 WRED/ECN 配置，或将其加入规划。</translation>
    </message>
    <message>
        <source>queue {queue} has no ECN marking; the plan marks from {plan_kmin} B to {plan_kmax} B</source>
        <translation>队列 {queue} 没有 ECN 标记；规划的标记范围为 {plan_kmin} B 到 {plan_kmax} B</translation>
    </message>
    <message>
        <source>Bind the planned WRED_PROFILE (ecn_all) to the queue.</source>
        <translation>将规划的 WRED_PROFILE（ecn_all）绑定到该队列。</translation>
    </message>
    <message>
        <source>queue {queue} marks ECN from {kmin} B to {kmax} B at {pmax} %; the plan says {plan_kmin} B to {plan_kmax} B at {plan_pmax} %</source>
        <translation>队列 {queue} 在 {kmin} B 到 {kmax} B 之间以 {pmax} % 标记 ECN；规划为 {plan_kmin} B 到 {plan_kmax} B，{plan_pmax} %</translation>
    </message>
    <message>
        <source>Restore the planned WRED_PROFILE thresholds.</source>
        <translation>恢复规划的 WRED_PROFILE 阈值。</translation>
    </message>
    <message>
        <source>the PFC watchdog is {?running} on the switch, the plan says {?planned}</source>
        <translation>交换机上 PFC 看门狗为{?running}，规划为{?planned}</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开启</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Start or stop the PFC watchdog on the port as planned (`pfcwd start`).</source>
        <translation>按规划在端口上启动或停止 PFC 看门狗（`pfcwd start`）。</translation>
    </message>
    <message>
        <source>the PFC watchdog is {running_detection} / {running_restoration} / {running_action} on the switch, the plan says {planned_detection} / {planned_restoration} / {planned_action} (detection / restoration / action)</source>
        <translation>交换机上 PFC 看门狗为 {running_detection} / {running_restoration} / {running_action}，规划为 {planned_detection} / {planned_restoration} / {planned_action}（检测 / 恢复 / 动作）</translation>
    </message>
    <message>
        <source>Restore the planned PFC_WD settings.</source>
        <translation>恢复规划的 PFC_WD 设置。</translation>
    </message>
    <message>
        <source> ({ports} ports)</source>
        <translation>（{ports} 个端口）</translation>
    </message>
    <message>
        <source>the reservations of {switch} exceed its buffer by {excess} B: the shared pools would be negative (written as 0)</source>
        <translation>{switch} 的预留超出其缓冲区 {excess} B：共享池将为负值（写为 0）</translation>
    </message>
    <message>
        <source>Shorten cables, lower MTU or speed, or move lossless priorities until `lfp budget` fits.</source>
        <translation>缩短线缆、降低 MTU 或速率，或调整无损优先级，直到 `lfp budget` 通过。</translation>
    </message>
    <message>
        <source>{?what}</source>
        <translation>{?what}</translation>
    </message>
    <message>
        <source>{?fix}</source>
        <translation>{?fix}</translation>
    </message>
    <message>
        <source>the model &quot;{model}&quot; is in neither CloudEngine command family of the vendor guide: family A (CE8855 / CE6885 commands) is written</source>
        <translation>型号“{model}”不属于厂商指南中的任何一个 CloudEngine 命令族：按 A 族（CE8855 / CE6885 命令）写出</translation>
    </message>
    <message>
        <source>Set the switch&apos;s model (e.g. CE8855-32CQ4BQ), or the node attribute huawei.family to A or B.</source>
        <translation>设置交换机型号（例如 CE8855-32CQ4BQ），或将节点属性 huawei.family 设为 A 或 B。</translation>
    </message>
    <message>
        <source>the NIC marks RoCE with DSCP {roce_dscp} (priority {roce_priority}) and CNPs with DSCP {cnp_dscp} (priority {cnp_priority}), but the policy maps them to {roce_mapped} and {cnp_mapped}: the script writes the policy&apos;s map</source>
        <translation>网卡以 DSCP {roce_dscp}（优先级 {roce_priority}）标记 RoCE、以 DSCP {cnp_dscp}（优先级 {cnp_priority}）标记 CNP，但策略将它们映射到 {roce_mapped} 和 {cnp_mapped}：脚本写出的是策略的映射</translation>
    </message>
    <message>
        <source>Make the policy&apos;s NIC settings agree with its DSCP map.</source>
        <translation>使策略的网卡设置与其 DSCP 映射一致。</translation>
    </message>
    <message>
        <source>{switch} has no known ASIC profile (&quot;{asic}&quot;): no buffer pools, profiles or lossless headroom can be written</source>
        <translation>{switch} 没有已知的 ASIC 配置（“{asic}”）：无法写出缓冲池、缓冲区配置或无损缓冲余量</translation>
    </message>
    <message>
        <source>Set the switch&apos;s ASIC to a catalogue profile (`lfp asics`) or add the project&apos;s own profile.</source>
        <translation>将交换机的 ASIC 设为目录中的配置（`lfp asics`），或添加项目自己的配置。</translation>
    </message>
    <message>
        <source>the buffer budget of {switch} could not be computed ({error}): no buffer tables written</source>
        <translation>无法计算 {switch} 的缓冲区预算（{error}）：未写出缓冲区表</translation>
    </message>
    <message>
        <source>Fix the switch&apos;s buffer.* attributes (see `lfp budget`).</source>
        <translation>修正交换机的 buffer.* 属性（参见 `lfp budget`）。</translation>
    </message>
    <message>
        <source>the port is on no planned link: written admin down, with QoS maps but no lossless buffers (no cable length to size them)</source>
        <translation>该端口不在任何规划链路上：写为 admin down，带 QoS 映射但没有无损缓冲区（没有线缆长度可用于计算）</translation>
    </message>
    <message>
        <source>Plan the port&apos;s link (and cable) to give it lossless headroom.</source>
        <translation>规划该端口的链路（和线缆），以便为其分配无损缓冲余量。</translation>
    </message>
    <message>
        <source>SONiC&apos;s dynamic buffer model computes headroom on Mellanox/NVIDIA Spectrum only; {switch} is {asic} ({model} model)</source>
        <translation>SONiC 的动态缓冲模型只在 Mellanox/NVIDIA Spectrum 上计算缓冲余量；{switch} 是 {asic}（{model} 模型）</translation>
    </message>
    <message>
        <source>Export with --sonic-buffer-model traditional for this switch.</source>
        <translation>对此交换机使用 --sonic-buffer-model traditional 导出。</translation>
    </message>
    <message>
        <source>buffermgrd names one lossless profile per speed and cable ({profile}), but these ports need different headroom (MTU or lanes differ): the largest xon/xoff/size is written</source>
        <translation>buffermgrd 按速率和线缆为每种组合命名一个无损配置（{profile}），但这些端口需要不同的缓冲余量（MTU 或通道数不同）：写出的是最大的 xon/xoff/size</translation>
    </message>
    <message>
        <source>Give ports of one speed and cable the same MTU and lanes, or use the dynamic buffer model.</source>
        <translation>让同一速率和线缆的端口使用相同的 MTU 和通道数，或使用动态缓冲模型。</translation>
    </message>
    <message>
        <source>speed {speed} is not a whole number of Gb/s: no EOS speed command is written</source>
        <translation>速率 {speed} 不是整数 Gb/s：未写出 EOS speed 命令</translation>
    </message>
    <message>
        <source>Plan a standard port speed.</source>
        <translation>规划标准的端口速率。</translation>
    </message>
    <message>
        <source>EOS writes `error-correction encoding reed-solomon` without the code: a {speed} port runs {runs}, not the planned {planned}</source>
        <translation>EOS 写出的 `error-correction encoding reed-solomon` 不带编码：{speed} 端口运行 {runs}，而不是规划的 {planned}</translation>
    </message>
    <message>
        <source>Plan RS(544) on PAM4 ports (50G, 200G and faster) and RS(528) on the others.</source>
        <translation>在 PAM4 端口（50G、200G 及更快）上规划 RS(544)，在其他端口上规划 RS(528)。</translation>
    </message>
    <message>
        <source>no QoS policy is bound to any port of {switch}: nothing to configure</source>
        <translation>{switch} 的所有端口都未绑定 QoS 策略：无需配置</translation>
    </message>
    <message>
        <source>Bind a policy to the switch&apos;s role or ports.</source>
        <translation>将策略绑定到交换机的角色或端口。</translation>
    </message>
    <message>
        <source>EOS has one global DSCP to traffic-class map; policies {written_policy} and {policy} on {switch} map DSCP differently (the map of {written_policy} is written)</source>
        <translation>EOS 只有一个全局的 DSCP 到流量类别映射；{switch} 上的策略 {written_policy} 和 {policy} 的 DSCP 映射不同（写出 {written_policy} 的映射）</translation>
    </message>
    <message>
        <source>Use one DSCP map on every port of an EOS switch.</source>
        <translation>在 EOS 交换机的所有端口上使用同一个 DSCP 映射。</translation>
    </message>
    <message>
        <source>Use one TC to queue map on every port of an EOS switch.</source>
        <translation>在 EOS 交换机的所有端口上使用同一个 TC 到队列映射。</translation>
    </message>
    <message>
        <source>EOS derives priority groups and PFC headroom in the platform (no TC to PG map or headroom knob): the planned PGs and headroom are not written</source>
        <translation>EOS 在平台内部推导优先级组和 PFC 缓冲余量（没有 TC 到 PG 映射或缓冲余量参数）：未写出规划的 PG 和缓冲余量</translation>
    </message>
    <message>
        <source>Check the platform&apos;s headroom (`show priority-flow-control`) against `lfp budget`.</source>
        <translation>对照 `lfp budget` 检查平台的缓冲余量（`show priority-flow-control`）。</translation>
    </message>
    <message>
        <source>strict queue {strict_queue} sits below round-robin queue {rr_queue}: on EOS every queue under the highest `no priority` queue is round-robin</source>
        <translation>严格优先级队列 {strict_queue} 位于轮询队列 {rr_queue} 之下：在 EOS 上，最高的 `no priority` 队列以下的所有队列都是轮询调度</translation>
    </message>
    <message>
        <source>Put strict queues (CNP) above every DWRR queue.</source>
        <translation>将严格优先级队列（CNP）置于所有 DWRR 队列之上。</translation>
    </message>
    <message>
        <source>ECN profile {profile}: max-mark-probability is a whole percentage 1..100; {planned} % written as {written}</source>
        <translation>ECN 配置 {profile}：max-mark-probability 是 1..100 的整数百分比；{planned} % 写为 {written}</translation>
    </message>
    <message>
        <source>None needed.</source>
        <translation>无需处理。</translation>
    </message>
    <message>
        <source>EOS watchdog timers are seconds with two decimals: {detection} / {restoration} ms written as {written_detection} / {written_restoration} s</source>
        <translation>EOS 看门狗计时器以秒为单位、保留两位小数：{detection} / {restoration} ms 写为 {written_detection} / {written_restoration} s</translation>
    </message>
    <message>
        <source>EOS&apos;s port watchdog action is drop or notify-only; the planned forward is written as notify-only</source>
        <translation>EOS 的端口看门狗动作只有 drop 或 notify-only；规划的 forward 写为 notify-only</translation>
    </message>
    <message>
        <source>Plan drop or alert for EOS switches.</source>
        <translation>为 EOS 交换机规划 drop 或 alert。</translation>
    </message>
    <message>
        <source>the plan&apos;s port name is not an EOS interface name (Ethernet1, Ethernet1/1, …): it is written as is</source>
        <translation>规划中的端口名不是 EOS 接口名（Ethernet1、Ethernet1/1、…）：按原样写出</translation>
    </message>
    <message>
        <source>Name the switch&apos;s ports as EOS does (Ethernet1/1) in the plan.</source>
        <translation>在规划中按 EOS 的方式（Ethernet1/1）命名交换机端口。</translation>
    </message>
    <message>
        <source>MTU {mtu} B is outside EOS&apos;s 68..65535</source>
        <translation>MTU {mtu} B 超出 EOS 的范围 68..65535</translation>
    </message>
    <message>
        <source>Set the port MTU within range.</source>
        <translation>将端口 MTU 设在范围内。</translation>
    </message>
    <message>
        <source>CloudEngine headroom (`dcb pfc buffer … hdrm`) is whole kbytes: the planned xoff is rounded up to the next kbyte, and the switch rounds it up again to {cell}-byte cells</source>
        <translation>CloudEngine 的缓冲余量（`dcb pfc buffer … hdrm`）以整 KB 为单位：规划的 xoff 向上取整到下一个 KB，交换机再向上取整到 {cell} 字节的单元</translation>
    </message>
    <message>
        <source>None needed (`display dcb pfc buffer` shows the effective values).</source>
        <translation>无需处理（`display dcb pfc buffer` 显示实际生效的值）。</translation>
    </message>
    <message>
        <source>{count} distinct headroom values: a CloudEngine holds 28–31 distinct threshold profiles</source>
        <translation>{count} 个不同的缓冲余量值：一台 CloudEngine 只能容纳 28–31 个不同的阈值配置</translation>
    </message>
    <message>
        <source>Group cable lengths so that fewer distinct headroom values are needed.</source>
        <translation>对线缆长度分组，以减少所需的不同缓冲余量值。</translation>
    </message>
    <message>
        <source>PFC deadlock detection is always on on CloudEngine: the plan&apos;s disabled watchdog is not expressible</source>
        <translation>CloudEngine 上的 PFC 死锁检测始终开启：规划中关闭的看门狗无法表达</translation>
    </message>
    <message>
        <source>Plan the watchdog on.</source>
        <translation>规划开启看门狗。</translation>
    </message>
    <message>
        <source>the CloudEngine deadlock recovery discards; the planned {action} is not expressible</source>
        <translation>CloudEngine 的死锁恢复动作是丢弃；规划的 {action} 无法表达</translation>
    </message>
    <message>
        <source>Plan drop.</source>
        <translation>规划 drop。</translation>
    </message>
    <message>
        <source>Plan one watchdog per switch.</source>
        <translation>每台交换机规划一个看门狗。</translation>
    </message>
    <message>
        <source>CloudEngine deadlock times are multiples of the 10 ms accuracy: {detection} / {restoration} ms written as {written_detection} / {written_restoration} ms</source>
        <translation>CloudEngine 的死锁时间是 10 ms 精度的倍数：{detection} / {restoration} ms 写为 {written_detection} / {written_restoration} ms</translation>
    </message>
    <message>
        <source>the plan maps {count} DSCP values away from CloudEngine&apos;s default DiffServ domain: an explicit `diffserv domain {domain}` is written (its syntax is marked unverified in the vendor guide)</source>
        <translation>规划将 {count} 个 DSCP 值映射得不同于 CloudEngine 的默认 DiffServ 域：写出显式的 `diffserv domain {domain}`（其语法在厂商指南中标记为未验证）</translation>
    </message>
    <message>
        <source>Check `display diffserv domain` after applying.</source>
        <translation>应用后检查 `display diffserv domain`。</translation>
    </message>
    <message>
        <source>ECN profile {profile} differs between policies {other_policy} and {policy}: one drop-profile {profile} is written (the first)</source>
        <translation>ECN 配置 {profile} 在策略 {other_policy} 和 {policy} 之间不同：只写出一个 drop-profile {profile}（第一个）</translation>
    </message>
    <message>
        <source>Give the profiles distinct names.</source>
        <translation>为这些配置使用不同的名称。</translation>
    </message>
    <message>
        <source>ECN profile {profile}: discard-percentage is a whole percentage; {planned} % written as {written}</source>
        <translation>ECN 配置 {profile}：discard-percentage 是整数百分比；{planned} % 写为 {written}</translation>
    </message>
    <message>
        <source>ECN profile {profile}: CloudEngine rounds thresholds up to {cell}-byte cells: {kmin} / {kmax} B take effect as {effective_kmin} / {effective_kmax} B</source>
        <translation>ECN 配置 {profile}：CloudEngine 将阈值向上取整到 {cell} 字节的单元：{kmin} / {kmax} B 实际生效为 {effective_kmin} / {effective_kmax} B</translation>
    </message>
    <message>
        <source>family B has no `dcb pfc dscp-mapping`: PFC back-pressure follows 802.1p, which untagged RoCEv2 does not carry</source>
        <translation>B 族没有 `dcb pfc dscp-mapping`：PFC 反压按 802.1p 进行，而未打标签的 RoCEv2 不携带 802.1p</translation>
    </message>
    <message>
        <source>Tag RoCE traffic (802.1p 3) toward family B switches, or use a family A model.</source>
        <translation>向 B 族交换机发送的 RoCE 流量打上标签（802.1p 3），或使用 A 族型号。</translation>
    </message>
    <message>
        <source>the plan&apos;s port name is not a CloudEngine interface name (400GE1/0/1): it is written as is</source>
        <translation>规划中的端口名不是 CloudEngine 接口名（400GE1/0/1）：按原样写出</translation>
    </message>
    <message>
        <source>Name the switch&apos;s ports as CloudEngine does (400GE1/0/1) in the plan.</source>
        <translation>在规划中按 CloudEngine 的方式（400GE1/0/1）命名交换机端口。</translation>
    </message>
    <message>
        <source>the pause threshold (`dcb pfc buffer … xoff`) stays CloudEngine&apos;s dynamic default; the planned headroom is written as `hdrm`</source>
        <translation>暂停阈值（`dcb pfc buffer … xoff`）保持 CloudEngine 的动态默认值；规划的缓冲余量写为 `hdrm`</translation>
    </message>
    <message>
        <source>family B has no headroom (`hdrm`) command: the planned headroom is not written and the xon/xoff thresholds stay at their defaults</source>
        <translation>B 族没有缓冲余量（`hdrm`）命令：未写出规划的缓冲余量，xon/xoff 阈值保持默认值</translation>
    </message>
    <message>
        <source>Compare `display dcb pfc buffer` with `lfp budget`.</source>
        <translation>将 `display dcb pfc buffer` 与 `lfp budget` 对比。</translation>
    </message>
    <message>
        <source>Set them with the platform&apos;s own templates.</source>
        <translation>使用平台自己的模板设置它们。</translation>
    </message>
    <message>
        <source>Junos forwarding classes map to queues globally (`forwarding-classes class … queue-num`); {written_policy} and {policy} map traffic classes to queues differently (the map of {written_policy} is written)</source>
        <translation>Junos 的转发类别全局地映射到队列（`forwarding-classes class … queue-num`）；{written_policy} 和 {policy} 的流量类别到队列映射不同（写出 {written_policy} 的映射）</translation>
    </message>
    <message>
        <source>Use one TC to queue map on every port of a Junos switch.</source>
        <translation>在 Junos 交换机的所有端口上使用同一个 TC 到队列映射。</translation>
    </message>
    <message>
        <source>the Junos export classifies on DSCP only (DSCP-based PFC for untagged RoCEv2); PCP trust is not written</source>
        <translation>Junos 导出只按 DSCP 分类（未打标签的 RoCEv2 使用基于 DSCP 的 PFC）；未写出 PCP 信任</translation>
    </message>
    <message>
        <source>Use DSCP trust for Junos switches.</source>
        <translation>Junos 交换机使用 DSCP 信任。</translation>
    </message>
    <message>
        <source>the Junos cable-length is whole metres: {planned} m written as {written} m (rounded up)</source>
        <translation>Junos 的 cable-length 以整米为单位：{planned} m 写为 {written} m（向上取整）</translation>
    </message>
    <message>
        <source>Junos detects a PFC storm after N polls of T ms and recovers after whole ms: {detection} / {restoration} ms written as {polls} × {poll} ms / {written_restoration} ms</source>
        <translation>Junos 在 N 次 T ms 的轮询后检测到 PFC 风暴，并以整毫秒恢复：{detection} / {restoration} ms 写为 {polls} × {poll} ms / {written_restoration} ms</translation>
    </message>
    <message>
        <source>the Junos PFC watchdog action is drop (global on QFX5230/5240); the planned {action} is not expressible and no action is written (the default drop applies)</source>
        <translation>Junos 的 PFC 看门狗动作是 drop（在 QFX5230/5240 上为全局设置）；规划的 {action} 无法表达，未写出动作（使用默认的 drop）</translation>
    </message>
    <message>
        <source>Plan drop for Junos switches.</source>
        <translation>为 Junos 交换机规划 drop。</translation>
    </message>
    <message>
        <source>ECN profile {profile}: Junos fill levels are percent of the queue buffer, and the switch&apos;s buffer is unknown: the profile is not written</source>
        <translation>ECN 配置 {profile}：Junos 的填充水平是队列缓冲区的百分比，而交换机的缓冲区未知：未写出该配置</translation>
    </message>
    <message>
        <source>Give the switch a known ASIC profile (lfp budget shows it).</source>
        <translation>为交换机指定已知的 ASIC 配置（lfp budget 会显示）。</translation>
    </message>
    <message>
        <source>ECN profile {profile}: Junos fill levels are whole percent of the queue buffer ({queue_buffer} B, the planner&apos;s dynamic-threshold share of one queue): {kmin} B / {kmax} B = {kmin_percent} % / {kmax_percent} % written as {written_kmin_percent} % / {written_kmax_percent} % ({written_kmin} B / {written_kmax} B), probability {probability} %</source>
        <translation>ECN 配置 {profile}：Junos 的填充水平是队列缓冲区（{queue_buffer} B，规划器计算的单个队列动态阈值份额）的整数百分比：{kmin} B / {kmax} B = {kmin_percent} % / {kmax_percent} % 写为 {written_kmin_percent} % / {written_kmax_percent} %（{written_kmin} B / {written_kmax} B），概率 {probability} %</translation>
    </message>
    <message>
        <source>Check the queue&apos;s buffer on the platform (`show class-of-service shared-buffer`).</source>
        <translation>在平台上检查该队列的缓冲区（`show class-of-service shared-buffer`）。</translation>
    </message>
    <message>
        <source>Junos buffer partitions are whole percent: the planned lossless headroom {headroom} B is {headroom_percent} % of the {buffer} B buffer, written as lossless-headroom {written_headroom_percent} % (rounded up); lossy keeps the guide&apos;s {lossy_percent} %, lossless gets the rest ({lossless_percent} %)</source>
        <translation>Junos 的缓冲区分区是整数百分比：规划的无损缓冲余量 {headroom} B 占 {buffer} B 缓冲区的 {headroom_percent} %，写为 lossless-headroom {written_headroom_percent} %（向上取整）；有损分区保持指南的 {lossy_percent} %，无损分区取其余部分（{lossless_percent} %）</translation>
    </message>
    <message>
        <source>Check `show class-of-service shared-buffer` against `lfp budget`.</source>
        <translation>将 `show class-of-service shared-buffer` 与 `lfp budget` 对比。</translation>
    </message>
    <message>
        <source>the planned lossless headroom is {headroom_percent} % of the buffer: no room is left for the lossless and lossy partitions (written 90 %)</source>
        <translation>规划的无损缓冲余量占缓冲区的 {headroom_percent} %：无损和有损分区已没有空间（写为 90 %）</translation>
    </message>
    <message>
        <source>Shorten cables or reduce lossless ports.</source>
        <translation>缩短线缆或减少无损端口。</translation>
    </message>
    <message>
        <source>the switch&apos;s buffer is unknown: no shared-buffer partitions are written</source>
        <translation>交换机的缓冲区未知：未写出共享缓冲区分区</translation>
    </message>
    <message>
        <source>Give the switch a known ASIC profile.</source>
        <translation>为交换机指定已知的 ASIC 配置。</translation>
    </message>
    <message>
        <source>the plan&apos;s port name is not a Junos interface name (et-0/0/0): it is written as is</source>
        <translation>规划中的端口名不是 Junos 接口名（et-0/0/0）：按原样写出</translation>
    </message>
    <message>
        <source>Name the switch&apos;s ports as Junos does (et-0/0/0) in the plan.</source>
        <translation>在规划中按 Junos 的方式（et-0/0/0）命名交换机端口。</translation>
    </message>
    <message>
        <source>MTU {mtu} B is outside the QFX&apos;s 256..9216</source>
        <translation>MTU {mtu} B 超出 QFX 的范围 256..9216</translation>
    </message>
    <message>
        <source>Junos has no TC to priority-group map or per-port xoff: the platform sizes each no-loss class&apos;s headroom within the lossless-headroom partition from the cable length</source>
        <translation>Junos 没有 TC 到优先级组映射，也没有每端口的 xoff：平台根据线缆长度在 lossless-headroom 分区内为每个无丢包类别分配缓冲余量</translation>
    </message>
    <message>
        <source>Compare the platform&apos;s headroom with `lfp budget`.</source>
        <translation>将平台的缓冲余量与 `lfp budget` 对比。</translation>
    </message>
    <message>
        <source>port speed and FEC are not written for Junos (not in the vendor guide)</source>
        <translation>未为 Junos 写出端口速率和 FEC（厂商指南中没有）</translation>
    </message>
    <message>
        <source>Set speed and FEC with the platform&apos;s own templates.</source>
        <translation>使用平台自己的模板设置速率和 FEC。</translation>
    </message>
    <message>
        <source>no QoS policy is bound to the host port: its NIC settings are not written</source>
        <translation>主机端口未绑定 QoS 策略：未写出其网卡设置</translation>
    </message>
    <message>
        <source>Bind a policy to the host role or the port.</source>
        <translation>将策略绑定到主机角色或该端口。</translation>
    </message>
    <message>
        <source>the NIC&apos;s ETS bandwidths must total 100 %; the policy&apos;s DWRR weights total {sum}: written as {written}</source>
        <translation>网卡的 ETS 带宽总和必须为 100 %；策略的 DWRR 权重总和为 {sum}：写为 {written}</translation>
    </message>
    <message>
        <source>Make the policy&apos;s DWRR weights total 100.</source>
        <translation>使策略的 DWRR 权重总和为 100。</translation>
    </message>
    <message>
        <source>the host script sets no NIC buffer sizes (dcb buffer / --buffer_size): mlx5 sizes its headroom from the PFC delay (cable length) and MTU</source>
        <translation>主机脚本不设置网卡缓冲区大小（dcb buffer / --buffer_size）：mlx5 根据 PFC 延迟（线缆长度）和 MTU 确定其缓冲余量</translation>
    </message>
    <message>
        <source>None needed for ConnectX; set buffers by hand for other NICs.</source>
        <translation>ConnectX 无需处理；其他网卡请手动设置缓冲区。</translation>
    </message>
    <message>
        <source>NVUE sizes PFC headroom itself from the cable length (NVIDIA: leave port-buffer / xoff / xon dynamic): the planned headroom is written as comments and the traffic pools as NVIDIA&apos;s 50 / 50 split</source>
        <translation>NVUE 根据线缆长度自行确定 PFC 缓冲余量（NVIDIA：port-buffer / xoff / xon 保持动态）：规划的缓冲余量以注释形式写出，流量池按 NVIDIA 的 50 / 50 划分</translation>
    </message>
    <message>
        <source>Compare `nv show qos` buffers on the switch with `lfp budget`.</source>
        <translation>将交换机上 `nv show qos` 的缓冲区与 `lfp budget` 对比。</translation>
    </message>
    <message>
        <source>NVUE&apos;s PFC cable-length is whole metres: {planned} m written as {written} m (rounded up)</source>
        <translation>NVUE 的 PFC cable-length 以整米为单位：{planned} m 写为 {written} m（向上取整）</translation>
    </message>
    <message>
        <source>an NVUE PFC profile has one cable-length: the ports of {policy} have {count} different cable lengths, the longest ({written} m) is written</source>
        <translation>一个 NVUE PFC 配置只有一个 cable-length：{policy} 的端口有 {count} 种不同的线缆长度，写出最长的（{written} m）</translation>
    </message>
    <message>
        <source>Give ports with much shorter cables their own policy if the extra headroom matters.</source>
        <translation>如果额外的缓冲余量很重要，为线缆短得多的端口单独设置策略。</translation>
    </message>
    <message>
        <source>ECN profile {profile}: NVUE&apos;s probability is a whole percentage 1..100; {planned} % written as {written}</source>
        <translation>ECN 配置 {profile}：NVUE 的概率是 1..100 的整数百分比；{planned} % 写为 {written}</translation>
    </message>
    <message>
        <source>not written: DWRR 0</source>
        <translation>未写出：DWRR 0</translation>
    </message>
    <message>
        <source>written 100</source>
        <translation>写为 100</translation>
    </message>
    <message>
        <source>queue {queue}: NVUE&apos;s bw-percent is 1..100, the plan&apos;s DWRR weight is {weight} ({?written})</source>
        <translation>队列 {queue}：NVUE 的 bw-percent 范围是 1..100，规划的 DWRR 权重为 {weight}（{?written}）</translation>
    </message>
    <message>
        <source>Give every DWRR queue a weight of 1..100.</source>
        <translation>为每个 DWRR 队列设置 1..100 的权重。</translation>
    </message>
    <message>
        <source>NVUE&apos;s bw-percent must total at most 100; the plan&apos;s DWRR weights total {total}</source>
        <translation>NVUE 的 bw-percent 总和不得超过 100；规划的 DWRR 权重总和为 {total}</translation>
    </message>
    <message>
        <source>Make the DWRR weights total 100.</source>
        <translation>使 DWRR 权重总和为 100。</translation>
    </message>
    <message>
        <source>NVUE&apos;s egress-queue-mapping exists only as default-global; {written_policy} and {policy} map priorities to queues differently (the map of {written_policy} is written)</source>
        <translation>NVUE 的 egress-queue-mapping 只有 default-global 一份；{written_policy} 和 {policy} 的优先级到队列映射不同（写出 {written_policy} 的映射）</translation>
    </message>
    <message>
        <source>Use one priority to queue map on every port of a Cumulus switch.</source>
        <translation>在 Cumulus 交换机的所有端口上使用同一个优先级到队列映射。</translation>
    </message>
    <message>
        <source>NVUE has no TC to priority-group map: each lossless switch priority gets its own PG in the lossless pool</source>
        <translation>NVUE 没有 TC 到优先级组映射：每个无损交换机优先级在无损池中有自己的 PG</translation>
    </message>
    <message>
        <source>None needed when every lossless priority has its own PG in the plan.</source>
        <translation>只要规划中每个无损优先级都有自己的 PG，就无需处理。</translation>
    </message>
    <message>
        <source>NVUE detects a PFC storm after robustness × polling-interval: {detection} ms written as {robustness} × {polling} ms = {written} ms</source>
        <translation>NVUE 在 robustness × polling-interval 之后检测到 PFC 风暴：{detection} ms 写为 {robustness} × {polling} ms = {written} ms</translation>
    </message>
    <message>
        <source>NVUE&apos;s PFC watchdog has no restoration time or action: the planned {restoration} ms {action} is not written</source>
        <translation>NVUE 的 PFC 看门狗没有恢复时间或动作：未写出规划的 {restoration} ms {action}</translation>
    </message>
    <message>
        <source>NVUE&apos;s PFC watchdog timing is global: {written_policy} and {policy} plan different detection times (the one of {written_policy} is written)</source>
        <translation>NVUE 的 PFC 看门狗计时是全局的：{written_policy} 和 {policy} 规划了不同的检测时间（写出 {written_policy} 的）</translation>
    </message>
    <message>
        <source>Plan one watchdog detection time per Cumulus switch.</source>
        <translation>每台 Cumulus 交换机规划一个看门狗检测时间。</translation>
    </message>
    <message>
        <source>the plan&apos;s port name is not a Cumulus interface name (swp1, swp1s0): it is written as is</source>
        <translation>规划中的端口名不是 Cumulus 接口名（swp1、swp1s0）：按原样写出</translation>
    </message>
    <message>
        <source>Name the switch&apos;s ports as Cumulus does (swp1) in the plan.</source>
        <translation>在规划中按 Cumulus 的方式（swp1）命名交换机端口。</translation>
    </message>
    <message>
        <source>MTU {mtu} B is outside Cumulus&apos;s 552..9216</source>
        <translation>MTU {mtu} B 超出 Cumulus 的范围 552..9216</translation>
    </message>
    <message>
        <source>port speed and FEC are not written for NVUE (not in the vendor guide)</source>
        <translation>未为 NVUE 写出端口速率和 FEC（厂商指南中没有）</translation>
    </message>
    <message>
        <source>Set speed and FEC with `nv set interface … link` per the platform.</source>
        <translation>按平台要求使用 `nv set interface … link` 设置速率和 FEC。</translation>
    </message>
    <message>
        <source>the NX-OS export classifies on DSCP only; PCP (cos) trust is not written</source>
        <translation>NX-OS 导出只按 DSCP 分类；未写出 PCP（cos）信任</translation>
    </message>
    <message>
        <source>Use DSCP trust for NX-OS switches.</source>
        <translation>NX-OS 交换机使用 DSCP 信任。</translation>
    </message>
    <message>
        <source>NX-OS has exactly one system network-qos policy; {written_policy} and {policy} pause different classes (the one of {written_policy} is written)</source>
        <translation>NX-OS 只有一个系统 network-qos 策略；{written_policy} 和 {policy} 暂停不同的类别（写出 {written_policy} 的）</translation>
    </message>
    <message>
        <source>Use the same lossless priorities on every port of an NX-OS switch.</source>
        <translation>在 NX-OS 交换机的所有端口上使用相同的无损优先级。</translation>
    </message>
    <message>
        <source>NX-OS has no TC to priority-group map; the ingress headroom (`pause buffer-size`) is platform-specific and not written</source>
        <translation>NX-OS 没有 TC 到优先级组映射；入口缓冲余量（`pause buffer-size`）与平台相关，未写出</translation>
    </message>
    <message>
        <source>Check the platform&apos;s no-drop buffer carving against `lfp budget`.</source>
        <translation>对照 `lfp budget` 检查平台的无丢包缓冲区划分。</translation>
    </message>
    <message>
        <source>lossless priorities {priorities} share queue {queue}: a network-qos class pauses one pfc-cos</source>
        <translation>无损优先级 {priorities} 共用队列 {queue}：一个 network-qos 类别只暂停一个 pfc-cos</translation>
    </message>
    <message>
        <source>Give each lossless priority its own queue.</source>
        <translation>为每个无损优先级分配单独的队列。</translation>
    </message>
    <message>
        <source>ECN profile {profile}: NX-OS thresholds are kbytes and the probability a whole percentage: {kmin} B / {kmax} B / {planned} % written as {written_kmin} / {written_kmax} kbytes / {written} %</source>
        <translation>ECN 配置 {profile}：NX-OS 的阈值以 KB 为单位，概率为整数百分比：{kmin} B / {kmax} B / {planned} % 写为 {written_kmin} / {written_kmax} kbytes / {written} %</translation>
    </message>
    <message>
        <source>`bandwidth remaining percent` must total 100 across the queuing classes; the plan&apos;s DWRR weights total {total}</source>
        <translation>`bandwidth remaining percent` 在各排队类别之间的总和必须为 100；规划的 DWRR 权重总和为 {total}</translation>
    </message>
    <message>
        <source>Make the DWRR weights of the policy total 100.</source>
        <translation>使该策略的 DWRR 权重总和为 100。</translation>
    </message>
    <message>
        <source>the PFC watchdog is switched on, but its {detection} / {restoration} ms detection / restoration times are not written (NX-OS tuning keywords are unverified)</source>
        <translation>PFC 看门狗已开启，但未写出其 {detection} / {restoration} ms 的检测 / 恢复时间（NX-OS 的调优关键字未经验证）</translation>
    </message>
    <message>
        <source>Tune `priority-flow-control watch-dog` intervals per the platform&apos;s QoS guide.</source>
        <translation>按平台的 QoS 指南调整 `priority-flow-control watch-dog` 的间隔。</translation>
    </message>
    <message>
        <source>the NX-OS PFC watchdog drops; the planned action {action} is not expressible</source>
        <translation>NX-OS 的 PFC 看门狗动作是丢弃；规划的动作 {action} 无法表达</translation>
    </message>
    <message>
        <source>Plan drop for NX-OS switches.</source>
        <translation>为 NX-OS 交换机规划 drop。</translation>
    </message>
    <message>
        <source>the plan&apos;s port name is not an NX-OS interface name (Ethernet1/1): it is written as is</source>
        <translation>规划中的端口名不是 NX-OS 接口名（Ethernet1/1）：按原样写出</translation>
    </message>
    <message>
        <source>Name the switch&apos;s ports as NX-OS does (Ethernet1/1) in the plan.</source>
        <translation>在规划中按 NX-OS 的方式（Ethernet1/1）命名交换机端口。</translation>
    </message>
    <message>
        <source>MTU {mtu} B is outside NX-OS&apos;s 576..9216</source>
        <translation>MTU {mtu} B 超出 NX-OS 的范围 576..9216</translation>
    </message>
    <message>
        <source>a {speed} Nexus port runs RS(544,514); the planned RS(528,514) is not written</source>
        <translation>{speed} 的 Nexus 端口运行 RS(544,514)；未写出规划的 RS(528,514)</translation>
    </message>
    <message>
        <source>Plan RS(544) on PAM4 ports (50G, 200G and faster).</source>
        <translation>在 PAM4 端口（50G、200G 及更快）上规划 RS(544)。</translation>
    </message>
    <message>
        <source>RS(544,514) is the FEC of Nexus PAM4 speeds; on a {speed} port it is not expressible and nothing is written</source>
        <translation>RS(544,514) 是 Nexus PAM4 速率的 FEC；在 {speed} 端口上无法表达，不写出任何内容</translation>
    </message>
    <message>
        <source>Plan RS(528) on NRZ ports (25G, 100G over 4 lanes).</source>
        <translation>在 NRZ 端口（25G、4 通道 100G）上规划 RS(528)。</translation>
    </message>
    <message>
        <source>MTU {mtu} B is outside SONiC&apos;s 68..9216 (sonic-port.yang); written as {written}</source>
        <translation>MTU {mtu} B 超出 SONiC 的范围 68..9216（sonic-port.yang）；写为 {written}</translation>
    </message>
    <message>
        <source>Set the port MTU within 68..9216 B.</source>
        <translation>将端口 MTU 设在 68..9216 B 之内。</translation>
    </message>
    <message>
        <source>speed {speed} is outside SONiC&apos;s 1..1600000 Mb/s (sonic-port.yang)</source>
        <translation>速率 {speed} 超出 SONiC 的范围 1..1600000 Mb/s（sonic-port.yang）</translation>
    </message>
    <message>
        <source>Set a real port speed.</source>
        <translation>设置实际的端口速率。</translation>
    </message>
    <message>
        <source>SONiC writes fec &quot;rs&quot; without the code: a {speed} port runs {runs}, not the planned {planned}</source>
        <translation>SONiC 写出的 fec &quot;rs&quot; 不带编码：{speed} 端口运行 {runs}，而不是规划的 {planned}</translation>
    </message>
    <message>
        <source>CABLE_LENGTH is whole metres: the planned {planned} cable is written as {written} (rounded up)</source>
        <translation>CABLE_LENGTH 以整米为单位：规划的 {planned} 线缆写为 {written}（向上取整）</translation>
    </message>
    <message>
        <source>None needed; plan whole-metre cable lengths to avoid the rounding.</source>
        <translation>无需处理；规划整米的线缆长度可避免取整。</translation>
    </message>
    <message>
        <source>queue {queue} has DWRR weight {weight}; SONiC SCHEDULER weight is 1..100 (sonic-scheduler.yang): written as {written}</source>
        <translation>队列 {queue} 的 DWRR 权重为 {weight}；SONiC SCHEDULER 权重范围是 1..100（sonic-scheduler.yang）：写为 {written}</translation>
    </message>
    <message>
        <source>two policies on {switch} have an ECN profile named &quot;{profile}&quot; with different thresholds; SONiC has one WRED_PROFILE per name</source>
        <translation>{switch} 上的两个策略有同名为“{profile}”但阈值不同的 ECN 配置；SONiC 每个名称只有一个 WRED_PROFILE</translation>
    </message>
    <message>
        <source>Give the ECN profiles of different policies distinct names.</source>
        <translation>为不同策略的 ECN 配置使用不同的名称。</translation>
    </message>
    <message>
        <source>ECN profile {profile}: SONiC drop probability is a whole percentage; {planned} % written as {written} %</source>
        <translation>ECN 配置 {profile}：SONiC 的丢弃概率是整数百分比；{planned} % 写为 {written} %</translation>
    </message>
    <message>
        <source>ECN profile {profile}: Kmax {kmax} B is below Kmin {kmin} B (WRED max must be ≥ min, sonic-wred-profile.yang)</source>
        <translation>ECN 配置 {profile}：Kmax {kmax} B 低于 Kmin {kmin} B（WRED 的 max 必须 ≥ min，sonic-wred-profile.yang）</translation>
    </message>
    <message>
        <source>Set Kmax ≥ Kmin.</source>
        <translation>设置 Kmax ≥ Kmin。</translation>
    </message>
    <message>
        <source>PFC watchdog {detection} / {restoration} ms is outside SONiC&apos;s detection 100..5000 ms / restoration 100..60000 ms; written as {written_detection} / {written_restoration} ms</source>
        <translation>PFC 看门狗 {detection} / {restoration} ms 超出 SONiC 的范围（检测 100..5000 ms / 恢复 100..60000 ms）；写为 {written_detection} / {written_restoration} ms</translation>
    </message>
    <message>
        <source>Plan watchdog times within the SONiC ranges.</source>
        <translation>在 SONiC 的范围内规划看门狗时间。</translation>
    </message>
    <message>
        <source>PFC watchdog times are whole milliseconds in SONiC: written as {detection} / {restoration} ms</source>
        <translation>SONiC 的 PFC 看门狗时间以整毫秒为单位：写为 {detection} / {restoration} ms</translation>
    </message>
    <message>
        <source>an SL is mapped to a VL beyond the ports&apos; operational VLs</source>
        <translation>某个 SL 被映射到超出端口工作 VL 数的 VL</translation>
    </message>
    <message>
        <source>InfiniBand QoS policy {policy} maps SL {sl}, {used}, to VL {vl}, but its ports run {oper_vls} data VL(s) (VL0..VL{max_vl}): a port discards a packet whose SL maps to a VL it does not operate (IBA Vol 1 §7.6.6).</source>
        <translation>InfiniBand QoS 策略 {policy} 将 SL {sl}（{used}）映射到 VL {vl}，但其端口只运行 {oper_vls} 个数据 VL（VL0..VL{max_vl}）：SL 映射到端口未运行的 VL 的报文会被端口丢弃（IBA Vol 1 §7.6.6）。</translation>
    </message>
    <message>
        <source>Map SL {sl} to a VL from 0 to {max_vl}, or raise the operational VLs (OpenSM qos_max_vls).</source>
        <translation>将 SL {sl} 映射到 0 至 {max_vl} 之间的 VL，或增加工作 VL 数（OpenSM qos_max_vls）。</translation>
    </message>
    <message>
        <source>an SL the routing assigns is mapped to VL15, the management VL</source>
        <translation>路由使用的某个 SL 被映射到管理 VL（VL15）</translation>
    </message>
    <message>
        <source>InfiniBand QoS policy {policy} maps SL {sl}, which the routing assigns, to VL15: VL15 carries only subnet management packets and an SL mapped to it is dropped (IBA Vol 1 §7.6.2, §7.6.6).</source>
        <translation>InfiniBand QoS 策略 {policy} 将路由使用的 SL {sl} 映射到 VL15：VL15 只承载子网管理报文，映射到它的 SL 会被丢弃（IBA Vol 1 §7.6.2、§7.6.6）。</translation>
    </message>
    <message>
        <source>Map SL {sl} to a data VL in sl2vl, or remove it from service_levels.</source>
        <translation>在 sl2vl 中将 SL {sl} 映射到数据 VL，或将其从 service_levels 中删除。</translation>
    </message>
    <message>
        <source>a data VL in use has no weight in the VL arbitration tables</source>
        <translation>正在使用的数据 VL 在 VL 仲裁表中没有权重</translation>
    </message>
    <message>
        <source>InfiniBand QoS policy {policy} sends SL(s) {sls} on VL {vl}, which has no entry with a weight above 0 in vlarb_high or vlarb_low: the VL arbiter never transmits it (IBA Vol 1 §7.6.9).</source>
        <translation>InfiniBand QoS 策略 {policy} 将 SL {sls} 放在 VL {vl} 上发送，但 vlarb_high 和 vlarb_low 中都没有该 VL 权重大于 0 的条目：VL 仲裁器永远不会发送它（IBA Vol 1 §7.6.9）。</translation>
    </message>
    <message>
        <source>Give VL {vl} a weight in vlarb_low (or vlarb_high), or map SL(s) {sls} to a VL that has one.</source>
        <translation>在 vlarb_low（或 vlarb_high）中为 VL {vl} 设置权重，或将 SL {sls} 映射到有权重的 VL。</translation>
    </message>
    <message>
        <source>a VL arbitration entry names a VL the ports do not operate</source>
        <translation>VL 仲裁表的某个条目指向端口未运行的 VL</translation>
    </message>
    <message>
        <source>InfiniBand QoS policy {policy} gives VL {vl} a weight in the {table}-priority arbitration table, but its ports run {oper_vls} data VL(s): the entry is skipped (IBA Vol 1 §7.6.9) and its share goes to the others.</source>
        <translation>InfiniBand QoS 策略 {policy} 在 {table} 优先级仲裁表中为 VL {vl} 设置了权重，但其端口只运行 {oper_vls} 个数据 VL：该条目会被跳过（IBA Vol 1 §7.6.9），其份额归其他 VL。</translation>
    </message>
    <message>
        <source>Remove the entry or raise the operational VLs.</source>
        <translation>删除该条目，或增加工作 VL 数。</translation>
    </message>
    <message>
        <source>the two ends of an InfiniBand link map an SL to different VLs</source>
        <translation>InfiniBand 链路两端将同一 SL 映射到不同的 VL</translation>
    </message>
    <message>
        <source>SL {sl} leaves {a} on VL {vl_a} (policy {policy_a}) and {b} on VL {vl_b} (policy {policy_b}): each end transmits on its own SL2VL table (IBA Vol 1 §7.6.6), so the two directions of the link put SL {sl} on different VLs and their arbitration, buffers and credit-loop layering differ.</source>
        <translation>SL {sl} 从 {a} 发出时使用 VL {vl_a}（策略 {policy_a}），从 {b} 发出时使用 VL {vl_b}（策略 {policy_b}）：每一端按自己的 SL2VL 表发送（IBA Vol 1 §7.6.6），因此链路两个方向上 SL {sl} 位于不同的 VL，其仲裁、缓冲区和信用环路分层都不同。</translation>
    </message>
    <message>
        <source>Use the same SL → VL mapping for both port classes, unless the difference is intended.</source>
        <translation>除非有意为之，否则两类端口使用相同的 SL → VL 映射。</translation>
    </message>
    <message>
        <source>InfiniBand nodes whose port class has no QoS policy</source>
        <translation>端口类别没有 QoS 策略的 InfiniBand 节点</translation>
    </message>
    <message>
        <source>{count} InfiniBand node(s) of port class {class} ({nodes}) have no ib_qos policy of their class and there is no &quot;all&quot; policy: their SL → VL mapping is whatever the subnet manager programs, so the SLs the routing assigns are not checked on them.</source>
        <translation>端口类别为 {class} 的 {count} 个 InfiniBand 节点（{nodes}）没有该类别的 ib_qos 策略，也没有 &quot;all&quot; 策略：它们的 SL → VL 映射由子网管理器决定，因此无法检查路由使用的 SL。</translation>
    </message>
    <message>
        <source>Add an ib_qos policy with class {class} or all.</source>
        <translation>添加 class 为 {class} 或 all 的 ib_qos 策略。</translation>
    </message>
    <message>
        <source>more failure sets create cycles than are listed</source>
        <translation>产生环路的故障组合多于列出的数量</translation>
    </message>
    <message>
        <source>{count} more failure sets create cycles (not listed)</source>
        <translation>另有 {count} 个故障组合产生环路（未列出）</translation>
    </message>
    <message>
        <source>{pairs} host pairs have no {routing} path</source>
        <translation>{pairs} 对主机之间没有 {routing} 路径</translation>
    </message>
    <message>
        <source>Add links or roots so every pair has a legal path, or carry those flows in a lossy class</source>
        <translation>增加链路或根节点，使每对主机都有合法路径，或用有损类别承载这些流量</translation>
    </message>
    <message>
        <source>Accept (traffic waits for repair or is carried lossy) or add links/roots so up*/down* keeps a path</source>
        <translation>接受此情况（流量等待修复或以有损方式承载），或增加链路/根节点，使 up*/down* 仍有路径</translation>
    </message>
    <message>
        <source>none of the {buffers} switch-to-switch buffers is lossless for the analysed priorities: no PFC deadlock can form, and no traffic is lossless either</source>
        <translation>{buffers} 个交换机间缓冲区对所分析的优先级都不是无损的：不会形成 PFC 死锁，但也没有任何流量是无损的</translation>
    </message>
    <message>
        <source>Bind the lossless policy to the switch roles (or choose the lossless priority with --priority)</source>
        <translation>将无损策略绑定到交换机角色（或用 --priority 选择无损优先级）</translation>
    </message>
    <message>
        <source>Use single-mode fibre with DR/FR optics for this run (or OM4/OM5 where OM3 is short), or move the racks closer.</source>
        <translation>这段线路改用单模光纤和 DR/FR 光模块（OM3 距离不足时可用 OM4/OM5），或把机柜移近。</translation>
    </message>
    <message>
        <source>Link {a} -- {b}: no IEEE 802.3 SR PMD is published for {lane_rate} Gb/s per lane on {fibre}; the {length} run is not checked.</source>
        <translation>链路 {a} -- {b}：IEEE 802.3 没有为 {fibre} 上每通道 {lane_rate} Gb/s 发布 SR PMD；这段 {length} 的线路未检查。</translation>
    </message>
    <message>
        <source>Check the optics vendor&apos;s reach on this fibre, or use single-mode fibre.</source>
        <translation>向光模块厂商确认在该光纤上的传输距离，或改用单模光纤。</translation>
    </message>
    <message>
        <source>{ports} linked port(s) of {count} {role} node(s) ({*nodes}) have no QoS policy: role {role} has no binding and the ports no override. Their trust mode, PFC, ETS and ECN cannot be checked, and lossless traffic through them is unprotected.</source>
        <translation>{count} 个 {role} 节点（{*nodes}）的 {ports} 个已连接端口没有 QoS 策略：角色 {role} 没有绑定，端口也没有覆盖配置。无法检查它们的信任模式、PFC、ETS 和 ECN，经过它们的无损流量得不到保护。</translation>
    </message>
    <message>
        <source>Policy {policy}: the DWRR weights of its ETS queues sum to {sum}% ({*weights}), not 100%. Linux dcb/mlx5 refuse such a NIC setting, and switches renormalise it, so the shares actually given differ from the plan.</source>
        <translation>策略 {policy}：其 ETS 队列的 DWRR 权重之和为 {sum}%（{*weights}），而不是 100%。Linux dcb/mlx5 会拒绝这样的网卡设置，交换机则会重新归一化，因此实际分配的带宽份额与规划不同。</translation>
    </message>
    <message>
        <source>Policy {policy}: {*starved}. Under load such a queue gets no bandwidth, its ingress buffers fill, and PFC pauses the upstream ports indefinitely (until the watchdog drops the traffic).</source>
        <translation>策略 {policy}：{*starved}。在负载下这样的队列得不到带宽，其入方向缓冲区被填满，PFC 会无限期地暂停上游端口（直到看门狗丢弃流量）。</translation>
    </message>
    <message>
        <source>Give queue(s) {*queues} a DWRR weight (NVIDIA&apos;s RoCE default: 50% for the RoCE queue).</source>
        <translation>为队列 {*queues} 设置 DWRR 权重（NVIDIA 的 RoCE 默认值：RoCE 队列 50%）。</translation>
    </message>
    <message>
        <source>Policy {policy}: {*misuse}. A strict queue is served before every DWRR queue, so bulk traffic in it can starve the others{?stall}; strict priority is meant for small control traffic such as CNPs.</source>
        <translation>策略 {policy}：{*misuse}。严格优先级队列先于所有 DWRR 队列调度，其中的大流量会使其他队列饿死{?stall}；严格优先级只适用于 CNP 这类小流量控制报文。</translation>
    </message>
    <message>
        <source>Policy {policy}: {*shared}.{?pg_shared}{?queue_shared}</source>
        <translation>策略 {policy}：{*shared}。{?pg_shared}{?queue_shared}</translation>
    </message>
    <message>
        <source>Policy {policy}: no ECN profile marks {*queues}. DCQCN senders never learn of congestion, so PFC becomes the only control and pauses spread (head-of-line blocking, pause storms).</source>
        <translation>策略 {policy}：没有 ECN 配置标记 {*queues}。DCQCN 发送端无从得知拥塞，PFC 成为唯一的控制手段，暂停会扩散（队头阻塞、暂停风暴）。</translation>
    </message>
    <message>
        <source>Host NICs with policy {host} (e.g. {host_port}) trust {host_trust}, but the switch ports they attach to (policy {switch}, e.g. {switch_port}) trust {switch_trust}. Received traffic and PFC are classified differently on the two sides. Links affected ({links}): {*link_list}.</source>
        <translation>使用策略 {host} 的主机网卡（例如 {host_port}）信任 {host_trust}，但它们连接的交换机端口（策略 {switch}，例如 {switch_port}）信任 {switch_trust}。收到的流量和 PFC 在两侧的分类不同。受影响的链路（{links}）：{*link_list}。</translation>
    </message>
    <message>
        <source>Switch ports on both ends of a link trust different markings: policy {policy_a} (e.g. {port_a}) trusts {trust_a}, policy {policy_b} (e.g. {port_b}) trusts {trust_b}. The same packet is classified into different priorities on each side, so PFC pauses the wrong class. Links affected ({links}): {*link_list}.</source>
        <translation>链路两端的交换机端口信任不同的标记：策略 {policy_a}（例如 {port_a}）信任 {trust_a}，策略 {policy_b}（例如 {port_b}）信任 {trust_b}。同一报文在两侧被分到不同优先级，PFC 会暂停错误的类别。受影响的链路（{links}）：{*link_list}。</translation>
    </message>
    <message>
        <source>The two ends of a link enable PFC on different priorities: policy {policy_a} (e.g. {port_a}) on {pfc_a}, policy {policy_b} (e.g. {port_b}) on {pfc_b}. On priority {differing} the end with PFC sends pauses the other end does not honour, so traffic of that priority is dropped once the PFC end&apos;s headroom is full; the other direction reserves headroom for nothing{?unused}. Links affected ({links}): {*link_list}.</source>
        <translation>链路两端在不同优先级上启用 PFC：策略 {policy_a}（例如 {port_a}）为 {pfc_a}，策略 {policy_b}（例如 {port_b}）为 {pfc_b}。在优先级 {differing} 上，启用 PFC 的一端发出的暂停帧不被另一端遵守，一旦该端缓冲余量耗尽，该优先级的流量就会被丢弃；反方向则白白预留了缓冲余量{?unused}。受影响的链路（{links}）：{*link_list}。</translation>
    </message>
    <message>
        <source>The two ends of a link map DSCP to priorities differently: policy {policy_a} (e.g. {port_a}) vs policy {policy_b} (e.g. {port_b}) differ on {count} DSCP value(s): {*differences} ({policy_a}/{policy_b}).{?effect} Links affected ({links}): {*link_list}.</source>
        <translation>链路两端将 DSCP 映射到不同优先级：策略 {policy_a}（例如 {port_a}）与策略 {policy_b}（例如 {port_b}）在 {count} 个 DSCP 值上不同：{*differences}（{policy_a}/{policy_b}）。{?effect}受影响的链路（{links}）：{*link_list}。</translation>
    </message>
    <message>
        <source>{count} linked port(s) have no FEC in the source ({*ports}); the FEC of their links is not checked.</source>
        <translation>{count} 个已连接端口在来源中没有 FEC（{*ports}）；其链路的 FEC 未检查。</translation>
    </message>
    <message>
        <source>{count} InfiniBand node(s) ({*nodes}): their QoS is the subnet manager&apos;s SL→VL mapping and VL arbitration, not a RoCE policy (DSCP, PFC, ETS, ECN), so the RoCE policy checks do not apply. InfiniBand links are lossless on every VL (credit-based flow control); credit loops are analysed by `lfp deadlock --routing lft`.</source>
        <translation>{count} 个 InfiniBand 节点（{*nodes}）：其 QoS 是子网管理器的 SL→VL 映射和 VL 仲裁，而不是 RoCE 策略（DSCP、PFC、ETS、ECN），因此 RoCE 策略检查不适用。InfiniBand 链路在每个 VL 上都是无损的（基于信用的流控）；信用环路由 `lfp deadlock --routing lft` 分析。</translation>
    </message>
    <message>
        <source>Policy {policy} breaks the lossless class of host-to-host paths{?where}: {*breaks}.{?example}</source>
        <translation>策略 {policy} 破坏了主机到主机路径的无损类{?where}：{*breaks}。{?example}</translation>
    </message>
    <message>
        <source>cyclic buffer dependency on {?class} through {length} buffers: {path}</source>
        <translation>{?class} 上经过 {length} 个缓冲区的循环缓冲依赖：{path}</translation>
    </message>
    <message>
        <source>cyclic buffer dependency on {?class} through {length} buffers (a routing loop: one destination&apos;s packets circle): {path}</source>
        <translation>{?class} 上经过 {length} 个缓冲区的循环缓冲依赖（路由环路：发往同一目的地的报文在环中循环）：{path}</translation>
    </message>
    <message>
        <source>with {*links} down: cyclic buffer dependency on {?class} through {length} buffers: {path}</source>
        <translation>{*links} 断开时：{?class} 上经过 {length} 个缓冲区的循环缓冲依赖：{path}</translation>
    </message>
    <message>
        <source>with {*links} down: cyclic buffer dependency on {?class} through {length} buffers (a routing loop: one destination&apos;s packets circle): {path}</source>
        <translation>{*links} 断开时：{?class} 上经过 {length} 个缓冲区的循环缓冲依赖（路由环路：发往同一目的地的报文在环中循环）：{path}</translation>
    </message>
    <message>
        <source>with {*links} down, {pairs} host pairs lose their lossless path</source>
        <translation>{*links} 断开时，{pairs} 对主机失去无损路径</translation>
    </message>
    <message>
        <source>the deadlock analysis covered nothing: {?reason}</source>
        <translation>死锁分析没有覆盖任何内容：{?reason}</translation>
    </message>
    <message>
        <source>the DSCP to traffic class map differs from the plan: {*differences}{?grouped}</source>
        <translation>DSCP 到流量类别的映射与规划不同：{*differences}{?grouped}</translation>
    </message>
    <message>
        <source>the TC to priority group map differs from the plan: {*differences}{?grouped}</source>
        <translation>TC 到优先级组的映射与规划不同：{*differences}{?grouped}</translation>
    </message>
    <message>
        <source>the TC to queue map differs from the plan: {*differences}{?grouped}</source>
        <translation>TC 到队列的映射与规划不同：{*differences}{?grouped}</translation>
    </message>
    <message>
        <source>the queue scheduling differs from the plan: {*differences}{?grouped}</source>
        <translation>队列调度与规划不同：{*differences}{?grouped}</translation>
    </message>
    <message>
        <source>queue {queue} {weight}%</source>
        <translation>队列 {queue} {weight}%</translation>
    </message>
    <message>
        <source>queue {queue} (priority {priority})</source>
        <translation>队列 {queue}（优先级 {priority}）</translation>
    </message>
    <message>
        <source>lossless priority {priority} goes to egress queue {queue}, which {?why}</source>
        <translation>无损优先级 {priority} 进入出口队列 {queue}（该队列{?why}）</translation>
    </message>
    <message>
        <source>has DWRR weight 0</source>
        <translation>DWRR 权重为 0</translation>
    </message>
    <message>
        <source>has no ETS entry</source>
        <translation>没有 ETS 条目</translation>
    </message>
    <message>
        <source>strict-priority queue {queue} carries lossless RoCE data (priority {priority})</source>
        <translation>严格优先级队列 {queue} 承载无损 RoCE 数据（优先级 {priority}）</translation>
    </message>
    <message>
        <source>strict-priority queue {queue} carries the default (bulk) class (priority {priority})</source>
        <translation>严格优先级队列 {queue} 承载默认（大流量）类别（优先级 {priority}）</translation>
    </message>
    <message>
        <source>lossless priority {priority} shares ingress priority group {slot} with lossy priority {lossy}</source>
        <translation>无损优先级 {priority} 与有损优先级 {lossy} 共用入方向优先级组 {slot}</translation>
    </message>
    <message>
        <source>lossless priority {priority} shares ingress priority group {slot} with lossy priorities {lossy}</source>
        <translation>无损优先级 {priority} 与有损优先级 {lossy} 共用入方向优先级组 {slot}</translation>
    </message>
    <message>
        <source>lossless priority {priority} shares egress queue {slot} with lossy priority {lossy}</source>
        <translation>无损优先级 {priority} 与有损优先级 {lossy} 共用出口队列 {slot}</translation>
    </message>
    <message>
        <source>lossless priority {priority} shares egress queue {slot} with lossy priorities {lossy}</source>
        <translation>无损优先级 {priority} 与有损优先级 {lossy} 共用出口队列 {slot}</translation>
    </message>
    <message>
        <source>Host NICs with policy {host} (e.g. {host_port}) send CNPs marked DSCP {dscp}, which the switch ports they attach to (policy {switch}, e.g. {switch_port}) put on priority {mapped} instead of the CNP priority {cnp}: congestion notifications queue behind data. Links affected ({links}): {*link_list}.</source>
        <translation>使用策略 {host} 的主机网卡（例如 {host_port}）发送标记为 DSCP {dscp} 的 CNP，它们连接的交换机端口（策略 {switch}，例如 {switch_port}）将其放入优先级 {mapped}，而不是 CNP 优先级 {cnp}：拥塞通知排在数据之后。受影响的链路（{links}）：{*link_list}。</translation>
    </message>
    <message>
        <source>Host NICs with policy {host} (e.g. {host_port}) send RoCE marked DSCP {dscp} on priority {priority}, but the switch ports they attach to (policy {switch}, e.g. {switch_port}) {?classify} into priority {class}, which is {?state}. {?effect} Links affected ({links}): {*link_list}.</source>
        <translation>使用策略 {host} 的主机网卡（例如 {host_port}）在优先级 {priority} 上发送标记为 DSCP {dscp} 的 RoCE，但它们连接的交换机端口（策略 {switch}，例如 {switch_port}）{?classify}到优先级 {class}，该优先级{?state}。{?effect}受影响的链路（{links}）：{*link_list}。</translation>
    </message>
    <message>
        <source>Host NICs with policy {host} (e.g. {host_port}) have PFC on priority {nic_pfc}; the switch ports they attach to (policy {switch}, e.g. {switch_port}) on priority {switch_pfc}. {?effect} Links affected ({links}): {*link_list}.</source>
        <translation>使用策略 {host} 的主机网卡（例如 {host_port}）在优先级 {nic_pfc} 上启用 PFC；它们连接的交换机端口（策略 {switch}，例如 {switch_port}）则在优先级 {switch_pfc} 上启用。{?effect}受影响的链路（{links}）：{*link_list}。</translation>
    </message>
    <message>
        <source>RoCE traffic marked DSCP {dscp} on priority {nic_priority} by {nics} host NIC(s) ({*nic_list}) is classified into priority {class}, which is {?state}, on {ports} ingress port(s) of {nodes} {?site} ({*node_list})</source>
        <translation>{nics} 个主机网卡（{*nic_list}）在优先级 {nic_priority} 上以 DSCP {dscp} 标记的 RoCE 流量，在 {nodes} 台{?site}（{*node_list}）的 {ports} 个入端口上被分类到优先级 {class}（{?state}）</translation>
    </message>
    <message>
        <source>lossless but a different class (pauses stop the wrong queue)</source>
        <translation>无损但属于另一类别，暂停会停错队列</translation>
    </message>
    <message>
        <source>switch(es)</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>receiving host(s)</source>
        <translation>接收主机</translation>
    </message>
    <message>
        <source>DSCP {dscp} → TC {running} (plan TC {planned})</source>
        <translation>DSCP {dscp} → TC {running}（规划为 TC {planned}）</translation>
    </message>
    <message>
        <source>TC {tc} → pg {running} (plan {planned})</source>
        <translation>TC {tc} → PG {running}（规划为 {planned}）</translation>
    </message>
    <message>
        <source>TC {tc} → queue {running} (plan {planned})</source>
        <translation>TC {tc} → 队列 {running}（规划为 {planned}）</translation>
    </message>
    <message>
        <source>queue {queue} {?running} (plan {?planned})</source>
        <translation>队列 {queue} {?running}（规划为 {?planned}）</translation>
    </message>
    <message>
        <source>no scheduler</source>
        <translation>无调度器</translation>
    </message>
    <message>
        <source>strict</source>
        <translation>严格优先</translation>
    </message>
    <message>
        <source>DWRR {running_weight}</source>
        <translation>DWRR {running_weight}</translation>
    </message>
    <message>
        <source>DWRR {planned_weight}</source>
        <translation>DWRR {planned_weight}</translation>
    </message>
    <message>
        <source>VL {vl}</source>
        <translation>VL {vl}</translation>
    </message>
    <message>
        <source>the lossless class</source>
        <translation>无损类别</translation>
    </message>
    <message>
        <source>priority {priorities}</source>
        <translation>优先级 {priorities}</translation>
    </message>
    <message>
        <source>{?fix} (checked: no cycle left; cost {cost} {?unit})</source>
        <translation>{?fix}（已验证：不再有环路；代价 {cost} {?unit}）</translation>
    </message>
    <message>
        <source>Route with a credit-loop-free engine (updn/ftree with correct roots) or a VL-layered one (dfsssp, lash with -Q), and make hosts use the PathRecord SL</source>
        <translation>使用无信用环路的路由引擎（根设置正确的 updn/ftree）或按 VL 分层的引擎（dfsssp、带 -Q 的 lash），并让主机使用 PathRecord 中的 SL</translation>
    </message>
    <message>
        <source>Keep lossless traffic on up*/down* paths (demote or drop bounced packets) or give bounced packets another lossless priority (Tagger)</source>
        <translation>让无损流量只走 up*/down* 路径（对折返报文降级或丢弃），或为折返报文分配另一个无损优先级（Tagger）</translation>
    </message>
    <message>
        <source>Route lossless traffic on up*/down* (valley-free) paths only, so no packet turns up after going down</source>
        <translation>无损流量只走 up*/down*（无谷底）路径，报文下行后不再上行</translation>
    </message>
    <message>
        <source>Keep lossless traffic on up-down paths: packets that bounce (arrive from above, leave upwards) are re-marked to a lossy priority (or dropped) at the bounce switch</source>
        <translation>让无损流量保持在上行-下行路径上：折返的报文（从上方到达、又向上离开）在折返交换机上被重新标记为有损优先级（或丢弃）</translation>
    </message>
    <message>
        <source>Tagger-style priority change: a packet that bounces moves to the next lossless priority (rule &apos;in from an upper port, out to an upper port → priority+1&apos;) at {*switches}</source>
        <translation>Tagger 式优先级切换：折返的报文改用下一个无损优先级（规则“从上层端口进、向上层端口出 → 优先级+1”），位于 {*switches}</translation>
    </message>
    <message>
        <source>Tagger-style priority change: a packet that bounces moves to the next lossless priority (rule &apos;in from an upper port, out to an upper port → priority+1&apos;) at no switch</source>
        <translation>Tagger 式优先级切换：折返的报文改用下一个无损优先级（规则“从上层端口进、向上层端口出 → 优先级+1”），无需在任何交换机上设置</translation>
    </message>
    <message>
        <source>Pin the routes so the dependency disappears (static routes, format of --routing static): {*routes}</source>
        <translation>固定路由以消除该依赖（静态路由，--routing static 的格式）：{*routes}</translation>
    </message>
    <message>
        <source>Repair or add back link {link}</source>
        <translation>修复或重新加入链路 {link}</translation>
    </message>
    <message>
        <source>Keep these routes but give each path an SL so that every VL&apos;s graph is acyclic (dfsssp-style layering: paths that close a cycle move to the next VL)</source>
        <translation>保留这些路由，但为每条路径分配 SL，使每个 VL 的依赖图无环（dfsssp 式分层：闭合环路的路径移到下一个 VL）</translation>
    </message>
    <message>
        <source>{fix_text}</source>
        <translation>{fix_text}</translation>
    </message>
    <message>
        <source>host pairs without a lossless path</source>
        <translation>个主机对失去无损路径</translation>
    </message>
    <message>
        <source>destination switches with bounced (demoted) traffic</source>
        <translation>个目的交换机有折返（降级）流量</translation>
    </message>
    <message>
        <source>extra lossless priorities</source>
        <translation>个额外无损优先级</translation>
    </message>
    <message>
        <source>static routes</source>
        <translation>条静态路由</translation>
    </message>
    <message>
        <source>links</source>
        <translation>条链路</translation>
    </message>
    <message>
        <source>VLs (layers) needed</source>
        <translation>个所需 VL（层）</translation>
    </message>
    <message>
        <source>{unit_text}</source>
        <translation>{unit_text}</translation>
    </message>
    <message>
        <source>no CA LID is routed by the forwarding tables, so no verdict can be given</source>
        <translation>转发表没有路由任何 CA LID，因此无法给出结论</translation>
    </message>
    <message>
        <source>none of the {switches} switches has a host attached, so no route was analysed and no verdict can be given (an import that guessed every node a switch does this)</source>
        <translation>{switches} 台交换机都没有连接主机，因此没有分析任何路由，无法给出结论（把每个节点都猜成交换机的导入会造成这种情况）</translation>
    </message>
    <message>
        <source>Give the LFT dump of this subnet (opensm-lfts.dump or dump_fts) and the ibnetdiscover file of the same subnet</source>
        <translation>提供该子网的 LFT 转储（opensm-lfts.dump 或 dump_fts）以及同一子网的 ibnetdiscover 文件</translation>
    </message>
    <message>
        <source>Set the host roles (role column of the plan, or `role: host` in the fabric JSON) and run the analysis again</source>
        <translation>设置主机角色（规划的 role 列，或网络 JSON 中的 `role: host`），然后重新运行分析</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source> and </source>
        <translation> 和 </translation>
    </message>
    <message>
        <source> and {more} more</source>
        <translation> 等另外 {more} 个</translation>
    </message>
    <message>
        <source>{value}</source>
        <translation>{value}</translation>
    </message>
    <message>
        <source>{port}: {delta} PFC pause frames {?direction} on priority {priority}, which the plan keeps lossy</source>
        <translation>{port}：优先级 {priority} 上{?direction} {delta} 个 PFC 暂停帧，而规划中该优先级为有损</translation>
    </message>
    <message>
        <source>queue {priority}</source>
        <translation>队列 {priority} </translation>
    </message>
    <message>
        <source>priority {priority}</source>
        <translation>优先级 {priority} </translation>
    </message>
    <message>
        <source>InfiniBand port (all VLs)</source>
        <translation> InfiniBand 端口（所有 VL）</translation>
    </message>
    <message>
        <source>received</source>
        <translation>收到</translation>
    </message>
    <message>
        <source>sent</source>
        <translation>发出</translation>
    </message>
    <message>
        <source>VLs</source>
        <translation>个 VL</translation>
    </message>
    <message>
        <source>host pair without a lossless path</source>
        <translation>个主机对失去无损路径</translation>
    </message>
    <message>
        <source>destination switch with bounced (demoted) traffic</source>
        <translation>个目的交换机有折返（降级）流量</translation>
    </message>
    <message>
        <source>extra lossless priority</source>
        <translation>个额外无损优先级</translation>
    </message>
    <message>
        <source>static route</source>
        <translation>条静态路由</translation>
    </message>
    <message>
        <source>link</source>
        <translation>条链路</translation>
    </message>
    <message>
        <source>VL</source>
        <translation>个 VL</translation>
    </message>
    <message>
        <source>VL (layer) needed</source>
        <translation>个所需 VL（层）</translation>
    </message>
    <message>
        <source>the pools, xoff and reservations do not fit the ASIC&apos;s physical buffer</source>
        <translation>缓冲池、xoff 与预留量放不进 ASIC 的物理缓冲区</translation>
    </message>
    <message>
        <source>{subject}: the pools ({pool_cells} cells), xoff ({xoff_cells} cells) and reservations ({reserved_cells} cells) need {needed_cells} cells ({needed}) in the worst case ({worst_case}), but the {asic} has {physical_cells} cells of {cell} B ({physical}): {excess_cells} cells over</source>
        <translation>{subject}：在最坏情况下（{worst_case}），缓冲池（{pool_cells} 个 cell）、xoff（{xoff_cells} 个 cell）和预留量（{reserved_cells} 个 cell）共需要 {needed_cells} 个 cell（{needed}），但 {asic} 只有 {physical_cells} 个 {cell} B 的 cell（{physical}）：超出 {excess_cells} 个 cell</translation>
    </message>
    <message>
        <source>Shrink the ingress pools so that size + xoff + reservations fit {physical_cells} cells (with this xoff and these reservations, the pools at most {max_pool} B in all), or lower the xoff (a higher over-subscription ratio).</source>
        <translation>缩小入向缓冲池，使 size + xoff + 预留量不超过 {physical_cells} 个 cell（在当前 xoff 和预留量下，缓冲池合计最多 {max_pool} B），或降低 xoff（提高超额订阅比）。</translation>
    </message>
    <message>
        <source>the PFC watchdog polls less often than it must detect or restore</source>
        <translation>PFC 看门狗的轮询间隔长于它必须完成检测或恢复的时间</translation>
    </message>
    <message>
        <source>Policy {policy} on {count} {platform} switch(es) ({example}): polling interval {polling} ms is longer than {?longer_than}; the watchdog cannot act within its own timers</source>
        <translation>策略 {policy}（用于 {count} 台 {platform} 交换机，如 {example}）：轮询间隔 {polling} ms 长于{?longer_than}；看门狗无法在自己的定时器内动作</translation>
    </message>
    <message>
        <source>Set the switch&apos;s polling interval to at most {limit} ms (SONiC: `pfcwd interval`, LFP: the switch attribute pfc_watchdog.polling; it must not exceed any port&apos;s detection or restoration time).</source>
        <translation>把交换机的轮询间隔设为不超过 {limit} ms（SONiC：`pfcwd interval`，LFP：交换机属性 pfc_watchdog.polling；它不得超过任何端口的检测或恢复时间）。</translation>
    </message>
    <message>
        <source>a PFC watchdog timer is outside its platform&apos;s range</source>
        <translation>PFC 看门狗定时器超出其平台的范围</translation>
    </message>
    <message>
        <source>Policy {policy} on {count} {platform} switch(es) ({example}): {timer} {value} ms is outside {platform}&apos;s range {min}-{max} ms</source>
        <translation>策略 {policy}（用于 {count} 台 {platform} 交换机，如 {example}）：{timer} {value} ms 超出 {platform} 的范围 {min}-{max} ms</translation>
    </message>
    <message>
        <source>Choose a {timer} within {min}-{max} ms ({platform} default {default} ms).</source>
        <translation>在 {min}-{max} ms 内选择 {timer}（{platform} 默认 {default} ms）。</translation>
    </message>
    <message>
        <source>SONiC&apos;s start_default would scale the watchdog timers with the port count</source>
        <translation>SONiC 的 start_default 会按端口数放大看门狗定时器</translation>
    </message>
    <message>
        <source>{count} switch(es) with {ports} PFC-enabled ports ({switch}): SONiC&apos;s `pfcwd start_default` would set detection {detection} ms and restoration {restoration} ms (200 ms × {multiply}) and polling {polling} ms{?capped}, not the planned {planned_detection} ms / {planned_polling} ms</source>
        <translation>{count} 台有 {ports} 个启用 PFC 端口的交换机（{switch}）：SONiC 的 `pfcwd start_default` 会设置检测 {detection} ms、恢复 {restoration} ms（200 ms × {multiply}）和轮询 {polling} ms{?capped}，而不是规划的 {planned_detection} ms / {planned_polling} ms</translation>
    </message>
    <message>
        <source>Configure the watchdog explicitly (`pfcwd start` and `pfcwd interval`) instead of start_default, or plan for detection {detection} ms.</source>
        <translation>显式配置看门狗（`pfcwd start` 和 `pfcwd interval`）而不用 start_default，或按检测 {detection} ms 规划。</translation>
    </message>
    <message>
        <source>the PFC watchdog action is one the platform does not have</source>
        <translation>PFC 看门狗动作是该平台没有的动作</translation>
    </message>
    <message>
        <source>{?action_problem}</source>
        <translation>{?action_problem}</translation>
    </message>
    <message>
        <source>Use {supported} on {platform}.</source>
        <translation>在 {platform} 上使用 {supported}。</translation>
    </message>
    <message>
        <source>a host NIC on a lossless port has no PFC storm prevention</source>
        <translation>无损端口上的主机网卡没有 PFC 风暴防护</translation>
    </message>
    <message>
        <source>{count} host(s) ({example}) on lossless ports have their NIC watchdog off (nic.pfc_watchdog = off): a NIC whose receive pipeline stalls pauses its switch port without end</source>
        <translation>{count} 台无损端口上的主机（{example}）关闭了网卡看门狗（nic.pfc_watchdog = off）：接收流水线停滞的网卡会无休止地暂停其交换机端口</translation>
    </message>
    <message>
        <source>Turn the NIC&apos;s PFC storm prevention on (mlx5: ethtool --set-tunable DEV pfc-prevention-tout 100; LFP: nic.pfc_watchdog auto).</source>
        <translation>打开网卡的 PFC 风暴防护（mlx5：ethtool --set-tunable DEV pfc-prevention-tout 100；LFP：nic.pfc_watchdog auto）。</translation>
    </message>
    <message>
        <source>watchdog windows differ so much along a path that the far end acts first</source>
        <translation>路径上看门狗窗口相差太大，远端先动作</translation>
    </message>
    <message>
        <source>{count} link(s) such as {link}: {upstream} acts within {up_from}-{up_to} ms, before {downstream}&apos;s host-facing watchdog can act ({down_from}-{down_to} ms); a storm from a host is broken upstream, dropping the whole link&apos;s lossless traffic</source>
        <translation>{count} 条链路，如 {link}：{upstream} 在 {up_from}-{up_to} ms 内动作，早于 {downstream} 面向主机的看门狗能动作的时间（{down_from}-{down_to} ms）；主机发起的风暴在上游被打断，整条链路的无损流量被丢弃</translation>
    </message>
    <message>
        <source>Give the host-facing ports the shortest detection window (e.g. {up_from} ms or less), or lengthen the upstream ports&apos; detection beyond {down_to} ms.</source>
        <translation>让面向主机的端口检测窗口最短（如 {up_from} ms 或更短），或把上游端口的检测时间加长到超过 {down_to} ms。</translation>
    </message>
    <message>
        <source>the two ends of a link run the same speed on different lane counts</source>
        <translation>链路两端速率相同但通道数不同</translation>
    </message>
    <message>
        <source>{links} link(s) at {speed} have {lanes_a} lanes ({rate_a} Gb/s per lane, {mod_a}) on one end and {lanes_b} lanes ({rate_b} Gb/s per lane, {mod_b}) on the other: the two ends&apos; PMDs cannot come up together. Links: {*link_list}.</source>
        <translation>{links} 条 {speed} 链路一端为 {lanes_a} 个通道（每通道 {rate_a} Gb/s，{mod_a}），另一端为 {lanes_b} 个通道（每通道 {rate_b} Gb/s，{mod_b}）：两端的 PMD 无法一起 up。链路：{*link_list}。</translation>
    </message>
    <message>
        <source>Configure both ends with the same lane count at {speed} (the switch port&apos;s breakout mode and the NIC&apos;s lane setting), then the FEC of that lane rate.</source>
        <translation>在 {speed} 下为两端配置相同的通道数（交换机端口的 breakout 模式和网卡的通道设置），再设置该通道速率对应的 FEC。</translation>
    </message>
    <message>
        <source>a port&apos;s FEC is not defined for its lane rate</source>
        <translation>端口的 FEC 未针对其通道速率定义</translation>
    </message>
    <message>
        <source>{count} linked port(s) at {speed} on {lanes} lanes ({rate} Gb/s per lane, {modulation}) use {fec}: {rule}. Ports: {*ports}.</source>
        <translation>{count} 个已连接端口以 {speed} 运行在 {lanes} 个通道上（每通道 {rate} Gb/s，{modulation}），使用 {fec}：{rule}。端口：{*ports}。</translation>
    </message>
    <message>
        <source>Use {expected} on these ports and their peers (or the lane count whose lane rate this FEC is defined for).</source>
        <translation>在这些端口及其对端使用 {expected}（或改用该 FEC 所适用的通道速率对应的通道数）。</translation>
    </message>
    <message>
        <source>a breakout member&apos;s parent port is itself or not a port of its node</source>
        <translation>分支成员的父端口是其自身，或不是其所在节点的端口</translation>
    </message>
    <message>
        <source>Port {port}: its breakout_parent &quot;{parent}&quot; {?what}. The member&apos;s lanes and its cage cannot be worked out, so breakout modes, lane checks and exports read it wrongly.</source>
        <translation>端口 {port}：其 breakout_parent &quot;{parent}&quot; {?what}。无法确定该成员的通道和端口笼，因此分支模式、通道检查和导出都会读错它。</translation>
    </message>
    <message>
        <source>Set breakout_parent to the port whose cage this member splits (a port of {node}), or clear it when the port is not a breakout member.</source>
        <translation>将 breakout_parent 设为该成员所拆分端口笼对应的端口（{node} 的端口）；若该端口不是分支成员，则清除它。</translation>
    </message>
    <message>
        <source>two nodes carry the same InfiniBand node GUID</source>
        <translation>两个节点的 InfiniBand 节点 GUID 相同</translation>
    </message>
    <message>
        <source>{count} nodes carry the InfiniBand node GUID {guid} ({nodes}). A subnet has one node per GUID: routing dumps, LFTs and path SLs keyed by GUID cannot tell them apart.</source>
        <translation>{count} 个节点的 InfiniBand 节点 GUID 都是 {guid}（{nodes}）。一个子网中每个 GUID 只对应一个节点：以 GUID 为键的路由转储、LFT 和路径 SL 无法区分它们。</translation>
    </message>
    <message>
        <source>Keep one node per GUID: merge the duplicates (the same switch imported twice under two names) or correct the GUID from the subnet&apos;s ibnetdiscover output.</source>
        <translation>每个 GUID 只保留一个节点：合并重复项（同一台交换机以两个名字导入了两次），或根据子网的 ibnetdiscover 输出更正 GUID。</translation>
    </message>
    <message>
        <source>a class a RoCE flow depends on breaks its contract at some hop</source>
        <translation>RoCE 流依赖的某个类别在某一跳破坏了其契约</translation>
    </message>
    <message>
        <source>{?class} of {source} → {destination} ({?direction}, profile {profile}) first breaks at {hop}: {?field}. {pairs} host pair(s) first break here.</source>
        <translation>{source} → {destination} 的{?class}（{?direction}，配置 {profile}）首先在 {hop} 被破坏：{?field}。有 {pairs} 个主机对首先在此处被破坏。</translation>
    </message>
    <message>
        <source>contract default sets in use clash, or a node names an unknown set</source>
        <translation>正在使用的契约默认集合互相冲突，或某个节点引用了未知的集合</translation>
    </message>
    <message>
        <source>the detection time {detection} ms</source>
        <translation>检测时间 {detection} ms</translation>
    </message>
    <message>
        <source>the restoration time {restoration} ms</source>
        <translation>恢复时间 {restoration} ms</translation>
    </message>
    <message>
        <source>the detection time {detection} ms and the restoration time {restoration} ms</source>
        <translation>检测时间 {detection} ms 和恢复时间 {restoration} ms</translation>
    </message>
    <message>
        <source> (200 ms × {multiply} = {uncapped} ms, capped at {cap} ms)</source>
        <translation>（200 ms × {multiply} = {uncapped} ms，上限 {cap} ms）</translation>
    </message>
    <message>
        <source>Policy {policy} on {count} {platform} switch(es) ({example}): the watchdog action {action} does not exist on {platform}</source>
        <translation>策略 {policy}（用于 {count} 台 {platform} 交换机，如 {example}）：看门狗动作 {action} 在 {platform} 上不存在</translation>
    </message>
    <message>
        <source>{switch} ({platform}) sets watchdog actions {actions} on different ports, but {platform} takes one action for all ports</source>
        <translation>{switch}（{platform}）在不同端口上设置了看门狗动作 {actions}，但 {platform} 对所有端口只取一个动作</translation>
    </message>
    <message>
        <source>is the port itself</source>
        <translation>是端口自身</translation>
    </message>
    <message>
        <source>is not a port of {node}</source>
        <translation>不是 {node} 的端口</translation>
    </message>
    <message>
        <source>RoCE data</source>
        <translation>RoCE 数据</translation>
    </message>
    <message>
        <source>CNPs</source>
        <translation>CNP</translation>
    </message>
    <message>
        <source>ACK/NAKs</source>
        <translation>ACK/NAK</translation>
    </message>
    <message>
        <source>sender to receiver</source>
        <translation>从发送方到接收方</translation>
    </message>
    <message>
        <source>back along the reverse path</source>
        <translation>沿反向路径返回</translation>
    </message>
    <message>
        <source> (both DSCPs map to traffic class {priority} there: the CNP lands in the right queue with the wrong DSCP)</source>
        <translation>（两个 DSCP 在那里都映射到流量类别 {priority}：CNP 进入了正确的队列，但 DSCP 错误）</translation>
    </message>
    <message>
        <source>port {port} has no QoS policy, so nothing there is lossless, marked or scheduled</source>
        <translation>端口 {port} 没有 QoS 策略，因此那里没有任何无损、标记或调度保障</translation>
    </message>
    <message>
        <source>the application&apos;s ToS {tos} marks DSCP {found}, not the RoCE DSCP {expected}</source>
        <translation>应用的 ToS {tos} 标记的是 DSCP {found}，而不是 RoCE DSCP {expected}</translation>
    </message>
    <message>
        <source>the application&apos;s ToS {tos} carries ECN bits {found} (not ECT): no switch can mark it and DCQCN never reacts; the contract needs ToS {expected} (ECT(0))</source>
        <translation>应用的 ToS {tos} 的 ECN 位为 {found}（非 ECT）：任何交换机都无法标记它，DCQCN 永远不会响应；契约要求 ToS {expected}（ECT(0)）</translation>
    </message>
    <message>
        <source>port {port} trusts PCP; routed RoCEv2 carries no PCP across hops, so the contract needs DSCP trust</source>
        <translation>端口 {port} 信任 PCP；路由的 RoCEv2 不会跨跳携带 PCP，因此契约要求信任 DSCP</translation>
    </message>
    <message>
        <source>the NIC on {port} maps DSCP {dscp} to priority {priority}, on which its PFC is off</source>
        <translation>{port} 上的网卡把 DSCP {dscp} 映射到优先级 {priority}，而它在该优先级上没有启用 PFC</translation>
    </message>
    <message>
        <source>the NIC&apos;s DCQCN reaction point is off on {port}: it ignores CNPs and never slows down</source>
        <translation>{port} 上网卡的 DCQCN 反应点已关闭：它忽略 CNP，从不降速</translation>
    </message>
    <message>
        <source>the NIC&apos;s DCQCN notification point is off on {port}: it never sends CNPs for marked packets</source>
        <translation>{port} 上网卡的 DCQCN 通知点已关闭：它从不为被标记的报文发送 CNP</translation>
    </message>
    <message>
        <source>the NIC sends CNPs with DSCP {found}, its switch port {port} expects CNP DSCP {expected}{?shared}</source>
        <translation>网卡以 DSCP {found} 发送 CNP，其交换机端口 {port} 期望的 CNP DSCP 是 {expected}{?shared}</translation>
    </message>
    <message>
        <source>the NIC sends CNPs on priority {found}, its switch port {port} gives CNPs priority {expected}</source>
        <translation>网卡在优先级 {found} 上发送 CNP，其交换机端口 {port} 给 CNP 的优先级是 {expected}</translation>
    </message>
    <message>
        <source>DSCP {dscp} is classified into priority {priority} on ingress port {port}, where priority {priority} is not lossless (no PFC, no headroom)</source>
        <translation>DSCP {dscp} 在入端口 {port} 被分到优先级 {priority}，而优先级 {priority} 在那里不是无损的（没有 PFC，没有缓冲余量）</translation>
    </message>
    <message>
        <source>priority {priority} shares priority group {found} with lossy priority {expected} on ingress port {port}</source>
        <translation>在入端口 {port} 上，优先级 {priority} 与有损优先级 {expected} 共用优先级组 {found}</translation>
    </message>
    <message>
        <source>a CNP arrives with DSCP {found} on port {port}, whose CNP DSCP is {expected}</source>
        <translation>CNP 以 DSCP {found} 到达端口 {port}，而该端口的 CNP DSCP 是 {expected}</translation>
    </message>
    <message>
        <source>CNP DSCP {dscp} is classified into priority {found} on port {port}, whose CNP priority is {expected}</source>
        <translation>CNP DSCP {dscp} 在端口 {port} 被分到优先级 {found}，而该端口的 CNP 优先级是 {expected}</translation>
    </message>
    <message>
        <source>priority {priority} is not lossless on egress port {port}: it ignores the next hop&apos;s pauses and drops when that buffer fills</source>
        <translation>优先级 {priority} 在出端口 {port} 上不是无损的：它忽略下一跳的暂停，在那里的缓冲区满时丢包</translation>
    </message>
    <message>
        <source>egress queue {queue} of port {port} (priority {priority}) has no ECN profile: congestion there is never marked</source>
        <translation>端口 {port} 的出队列 {queue}（优先级 {priority}）没有 ECN 配置：那里的拥塞从不被标记</translation>
    </message>
    <message>
        <source>egress queue {queue} of port {port} (priority {priority}) has no bandwidth share (DWRR weight 0)</source>
        <translation>端口 {port} 的出队列 {queue}（优先级 {priority}）没有带宽份额（DWRR 权重为 0）</translation>
    </message>
    <message>
        <source>CNPs leave port {port} in queue {queue}, which is not strict priority (DWRR weight {found}): they wait behind data and are shaped</source>
        <translation>CNP 从端口 {port} 的队列 {queue} 发出，该队列不是严格优先级（DWRR 权重 {found}）：它们排在数据后面并被整形</translation>
    </message>
    <message>
        <source>CNPs leave port {port} in queue {queue}, which has a WRED/ECN profile: CNPs are not ECN-capable, so WRED drops them</source>
        <translation>CNP 从端口 {port} 的队列 {queue} 发出，该队列有 WRED/ECN 配置：CNP 不支持 ECN，因此 WRED 会丢弃它们</translation>
    </message>
    <message>
        <source>egress port {port} rewrites DSCP {found} to {expected}, so the next hops and the far NIC classify it as another class</source>
        <translation>出端口 {port} 把 DSCP {found} 改写为 {expected}，后续各跳和对端网卡会把它分到另一个类别</translation>
    </message>
    <message>
        <source>Bind the role of {hop} to a QoS policy, or override port {port}.</source>
        <translation>把 {hop} 的角色绑定到一个 QoS 策略，或覆盖端口 {port}。</translation>
    </message>
    <message>
        <source>Set the application&apos;s ToS on {hop} to DSCP {expected} &lt;&lt; 2 with ECT(0) (RDMA-CM ToS, UCX_IB_TRAFFIC_CLASS, NCCL_IB_TC), or plan the NIC&apos;s RoCE DSCP as {found} everywhere.</source>
        <translation>把 {hop} 上应用的 ToS 设为 DSCP {expected} &lt;&lt; 2 并带 ECT(0)（RDMA-CM ToS、UCX_IB_TRAFFIC_CLASS、NCCL_IB_TC），或在所有地方把网卡的 RoCE DSCP 规划为 {found}。</translation>
    </message>
    <message>
        <source>Set the ToS on {hop} to {expected} (UCX_IB_TRAFFIC_CLASS={expected}, NCCL_IB_TC={expected}), or follow the pfc-only contract on purpose.</source>
        <translation>把 {hop} 上的 ToS 设为 {expected}（UCX_IB_TRAFFIC_CLASS={expected}、NCCL_IB_TC={expected}），或有意采用 pfc-only 契约。</translation>
    </message>
    <message>
        <source>Set DSCP trust on {hop} port {port} (mlnx_qos --trust dscp on a NIC; the policy&apos;s trust on a switch).</source>
        <translation>在 {hop} 的端口 {port} 上设置信任 DSCP（网卡上用 mlnx_qos --trust dscp；交换机上用策略的 trust）。</translation>
    </message>
    <message>
        <source>Enable PFC on priority {priority} on {hop} (mlnx_qos --pfc, the policy&apos;s nic.pfc), or map DSCP {dscp} to a PFC-enabled priority (--dscp2prio).</source>
        <translation>在 {hop} 上为优先级 {priority} 启用 PFC（mlnx_qos --pfc，策略的 nic.pfc），或把 DSCP {dscp} 映射到启用了 PFC 的优先级（--dscp2prio）。</translation>
    </message>
    <message>
        <source>Enable the DCQCN reaction point on {hop} (/sys/class/net/IF/ecn/roce_rp/enable/N, the policy&apos;s nic.ecn_rp).</source>
        <translation>在 {hop} 上启用 DCQCN 反应点（/sys/class/net/IF/ecn/roce_rp/enable/N，策略的 nic.ecn_rp）。</translation>
    </message>
    <message>
        <source>Enable the DCQCN notification point on {hop} (/sys/class/net/IF/ecn/roce_np/enable/N, the policy&apos;s nic.ecn_np).</source>
        <translation>在 {hop} 上启用 DCQCN 通知点（/sys/class/net/IF/ecn/roce_np/enable/N，策略的 nic.ecn_np）。</translation>
    </message>
    <message>
        <source>Set the CNP DSCP of {hop} to {expected} (roce_np/cnp_dscp, the policy&apos;s nic.cnp_dscp), or the fabric&apos;s CNP DSCP to {found} everywhere.</source>
        <translation>把 {hop} 的 CNP DSCP 设为 {expected}（roce_np/cnp_dscp，策略的 nic.cnp_dscp），或在所有地方把网络的 CNP DSCP 设为 {found}。</translation>
    </message>
    <message>
        <source>Set the CNP priority of {hop} to {expected} (roce_np/cnp_802p_prio, the policy&apos;s nic.cnp_priority), or the fabric&apos;s CNP class to {found} everywhere.</source>
        <translation>把 {hop} 的 CNP 优先级设为 {expected}（roce_np/cnp_802p_prio，策略的 nic.cnp_priority），或在所有地方把网络的 CNP 类别设为 {found}。</translation>
    </message>
    <message>
        <source>Map DSCP {dscp} to the lossless RoCE priority on {hop} port {port}, or make priority {priority} lossless there.</source>
        <translation>在 {hop} 的端口 {port} 上把 DSCP {dscp} 映射到无损的 RoCE 优先级，或让优先级 {priority} 在那里成为无损的。</translation>
    </message>
    <message>
        <source>Give priority {priority} a priority group of its own on {hop} port {port} (tc_to_pg).</source>
        <translation>在 {hop} 的端口 {port} 上给优先级 {priority} 一个独立的优先级组（tc_to_pg）。</translation>
    </message>
    <message>
        <source>Use one CNP DSCP on every device: make the CNP DSCP of {hop} port {port} {found}, or that of the NICs and other switches {expected}.</source>
        <translation>所有设备使用同一个 CNP DSCP：把 {hop} 端口 {port} 的 CNP DSCP 设为 {found}，或把网卡和其他交换机的设为 {expected}。</translation>
    </message>
    <message>
        <source>Map DSCP {dscp} to priority {expected}, the CNP class, in the policy of {hop} port {port}.</source>
        <translation>在 {hop} 端口 {port} 的策略中把 DSCP {dscp} 映射到 CNP 类别优先级 {expected}。</translation>
    </message>
    <message>
        <source>Make priority {priority} lossless in the policy of {hop} port {port}.</source>
        <translation>在 {hop} 端口 {port} 的策略中让优先级 {priority} 成为无损的。</translation>
    </message>
    <message>
        <source>Add queue {queue} to an ECN profile of the policy of {hop} port {port}.</source>
        <translation>把队列 {queue} 加入 {hop} 端口 {port} 策略的某个 ECN 配置。</translation>
    </message>
    <message>
        <source>Give queue {queue} a DWRR weight in the policy of {hop} port {port}.</source>
        <translation>在 {hop} 端口 {port} 的策略中给队列 {queue} 一个 DWRR 权重。</translation>
    </message>
    <message>
        <source>Make queue {queue} strict priority in the policy of {hop} port {port}; CNPs are small and must not wait.</source>
        <translation>在 {hop} 端口 {port} 的策略中把队列 {queue} 设为严格优先级；CNP 很小，不能等待。</translation>
    </message>
    <message>
        <source>Remove queue {queue} from the WRED/ECN profiles of {hop} port {port}, or give CNPs a queue without WRED.</source>
        <translation>把队列 {queue} 从 {hop} 端口 {port} 的 WRED/ECN 配置中移除，或给 CNP 一个没有 WRED 的队列。</translation>
    </message>
    <message>
        <source>Remove the rewrite of DSCP {found} from the policy of {hop} port {port}: RoCE markings must reach the far NIC unchanged.</source>
        <translation>从 {hop} 端口 {port} 的策略中删除对 DSCP {found} 的改写：RoCE 标记必须原样到达对端网卡。</translation>
    </message>
    <message>
        <source>Node {node_a} binds to contract default set &quot;{set_a}&quot;, which does not exist.</source>
        <translation>节点 {node_a} 绑定到契约默认集合“{set_a}”，但该集合不存在。</translation>
    </message>
    <message>
        <source>Use the id of a set in resources/contract-sets (docs/contract.md), or remove the node&apos;s contract.set attribute.</source>
        <translation>使用 resources/contract-sets 中某个集合的标识（docs/contract.md），或删除该节点的 contract.set 属性。</translation>
    </message>
    <message>
        <source>Default sets {set_a} (e.g. {node_a}) and {set_b} (e.g. {node_b}) clash on the CNP DSCP: {a} against {b}.</source>
        <translation>默认集合 {set_a}（例如 {node_a}）和 {set_b}（例如 {node_b}）的 CNP DSCP 冲突：{a} 对 {b}。</translation>
    </message>
    <message>
        <source>Default sets {set_a} (e.g. {node_a}) and {set_b} (e.g. {node_b}) clash on the CNP priority: {a} against {b}.</source>
        <translation>默认集合 {set_a}（例如 {node_a}）和 {set_b}（例如 {node_b}）的 CNP 优先级冲突：{a} 对 {b}。</translation>
    </message>
    <message>
        <source>Default sets {set_a} (e.g. {node_a}) and {set_b} (e.g. {node_b}) clash on the RoCE DSCP: {a} against {b}.</source>
        <translation>默认集合 {set_a}（例如 {node_a}）和 {set_b}（例如 {node_b}）的 RoCE DSCP 冲突：{a} 对 {b}。</translation>
    </message>
    <message>
        <source>Default set {set_a} (e.g. {node_a}) sends RoCE on priority {a}, which default set {set_b} (e.g. {node_b}) treats as lossy.</source>
        <translation>默认集合 {set_a}（例如 {node_a}）在优先级 {a} 上发送 RoCE，而默认集合 {set_b}（例如 {node_b}）把该优先级视为有损。</translation>
    </message>
    <message>
        <source>Default set {set_b} (e.g. {node_b}) sends RoCE on priority {a}, which default set {set_a} (e.g. {node_a}) treats as lossy.</source>
        <translation>默认集合 {set_b}（例如 {node_b}）在优先级 {a} 上发送 RoCE，而默认集合 {set_a}（例如 {node_a}）把该优先级视为有损。</translation>
    </message>
    <message>
        <source>Bind {node_a} and {node_b} to sets that agree, or state the value in the policies of one side (a policy&apos;s own value is what a set replaces).</source>
        <translation>把 {node_a} 和 {node_b} 绑定到一致的集合，或在一端的策略中写明该值（集合替换的是策略自己的值）。</translation>
    </message>
    <message>
        <source>EOS maps traffic classes to tx-queues globally (`qos map traffic-class … to tx-queue …`); only the remapping of the policy on most of the switch&apos;s ports is written</source>
        <translation>EOS 全局地将流量类别映射到 tx-queue（`qos map traffic-class … to tx-queue …`）；只写出交换机上多数端口所用策略的重映射</translation>
    </message>
    <message>
        <source>family B&apos;s deadlock timers are system-wide: the times of the policy on most of the switch&apos;s ports (else of the first with a watchdog) are written</source>
        <translation>B 族的死锁计时器是全系统的：写出交换机上多数端口所用策略的时间（否则为第一个启用看门狗的策略的时间）</translation>
    </message>
    <message>
        <source>a strict-priority queue has no rate bound</source>
        <translation>严格优先级队列没有速率上限</translation>
    </message>
    <message>
        <source>port speed and FEC are not written for CloudEngine (the guide has no confirmed syntax for them)</source>
        <translation>未为 CloudEngine 写出端口速率和 FEC（指南中没有经过确认的相应语法）</translation>
    </message>
    <message>
        <source>ECN profile {profile}: CloudEngine `ecn low-limit … high-limit …` takes whole percent of the queue buffer ({queue_buffer} B, the planner&apos;s dynamic-threshold share of one queue): {kmin} B / {kmax} B = {kmin_percent} % / {kmax_percent} % written as {written_kmin_percent} % / {written_kmax_percent} % ({written_kmin} B / {written_kmax} B)</source>
        <translation>ECN 配置 {profile}：CloudEngine 的 `ecn low-limit … high-limit …` 以队列缓冲区（{queue_buffer} B，规划器按动态阈值算出的单个队列份额）的整数百分比表示：{kmin} B / {kmax} B = {kmin_percent} % / {kmax_percent} %，写为 {written_kmin_percent} % / {written_kmax_percent} %（{written_kmin} B / {written_kmax} B）</translation>
    </message>
    <message>
        <source>Check the queue&apos;s buffer on the switch (`display qos buffer`), or plan thresholds at whole percent of it.</source>
        <translation>在交换机上核对该队列的缓冲区（`display qos buffer`），或将阈值规划为其整数百分比。</translation>
    </message>
    <message>
        <source>MTU {mtu} B is outside CloudEngine&apos;s 46..9600</source>
        <translation>MTU {mtu} B 超出 CloudEngine 的 46..9600 范围</translation>
    </message>
    <message>
        <source>the switch model &quot;{model}&quot; is no SONiC HwSKU the export knows: DEVICE_METADATA {missing} not written (SONiC&apos;s buffer and port files are per HwSKU and platform)</source>
        <translation>交换机型号“{model}”不是导出已知的 SONiC HwSKU：未写出 DEVICE_METADATA {missing}（SONiC 的缓冲区和端口文件按 HwSKU 和平台区分）</translation>
    </message>
    <message>
        <source>Set the node attributes sonic.hwsku and sonic.platform (e.g. Mellanox-SN4700-O8C48, x86_64-mlnx_msn4700-r0).</source>
        <translation>设置节点属性 sonic.hwsku 和 sonic.platform（例如 Mellanox-SN4700-O8C48、x86_64-mlnx_msn4700-r0）。</translation>
    </message>
    <message>
        <source>NVUE&apos;s LLDP application priority TLV is switch-wide: RoCE (UDP 4791) is advertised at priority {priority} of {written_policy}; the ports of {policy} (another RoCE priority) do not send it</source>
        <translation>NVUE 的 LLDP 应用优先级 TLV 是整台交换机生效的：RoCE（UDP 4791）按 {written_policy} 的优先级 {priority} 通告；{policy} 的端口（使用另一个 RoCE 优先级）不发送该 TLV</translation>
    </message>
    <message>
        <source>Give the lossless policies of one switch the same RoCE priority.</source>
        <translation>让同一台交换机上的无损策略使用相同的 RoCE 优先级。</translation>
    </message>
    <message>
        <source>queue {queue} of policy {policy} is strict with no rate bound the target can write: written strict alone, it can take the whole link and starve every other queue, the lossless one included</source>
        <translation>策略 {policy} 的队列 {queue} 为严格优先级，且没有目标设备能写出的速率上限：仅写成严格优先级时，它可占满整条链路并饿死其他所有队列，包括无损队列</translation>
    </message>
    <message>
        <source>Bound the strict queue in the policy (`ets.{queue}=strict:5`: 5 % of the link, as Juniper&apos;s AI/ML design bounds its CNP queue); on NVUE and SONiC, which shape in absolute rates, also give every port of the policy a speed.</source>
        <translation>在策略中为严格队列设上限（`ets.{queue}=strict:5`：链路的 5 %，与 Juniper AI/ML 设计限制其 CNP 队列的做法相同）；在按绝对速率整形的 NVUE 和 SONiC 上，还需为该策略的每个端口指定速率。</translation>
    </message>
    <message>
        <source>{target} remarks DSCP by traffic class at egress: the rewrite DSCP {from} → {to} of {policy} (class {tc}) is not written, because class {tc} also carries DSCPs that leave with another value</source>
        <translation>{target} 在出方向按流量类别重标记 DSCP：未写出 {policy} 的重写 DSCP {from} → {to}（类别 {tc}），因为类别 {tc} 还承载以其他值离开的 DSCP</translation>
    </message>
    <message>
        <source>Apply the rule with the platform&apos;s own egress ACL or policy (match DSCP, set DSCP), or give the rewritten DSCP a class of its own.</source>
        <translation>用平台自身的出方向 ACL 或策略（匹配 DSCP、设置 DSCP）实施该规则，或为被重写的 DSCP 分配单独的类别。</translation>
    </message>
    <message>
        <source>EOS remarks DSCP by traffic class with one global map (`qos map traffic-class … to dscp`): the ports of {switch} rewrite class {tc} differently, so its rewrite is not written</source>
        <translation>EOS 用一个全局映射按流量类别重标记 DSCP（`qos map traffic-class … to dscp`）：{switch} 的端口对类别 {tc} 的重写不同，因此不写出其重写</translation>
    </message>
    <message>
        <source>Rewrite alike on every port of an EOS switch, or apply the rule with a platform-specific policy.</source>
        <translation>在 EOS 交换机的每个端口上采用相同的重写，或用平台特定的策略实施该规则。</translation>
    </message>
    <message>
        <source>{port}: {delta} packets dropped on lossless {?what} between the captures{?cause}</source>
        <translation>{port}：两次采集之间无损{?what}上丢弃了 {delta} 个报文{?cause}</translation>
    </message>
    <message>
        <source>the PFC watchdog&apos;s drops and the queue&apos;s drops disagree</source>
        <translation>PFC 看门狗的丢包与队列的丢包不一致</translation>
    </message>
    <message>
        <source>{port}: {?direction}</source>
        <translation>{port}：{?direction}</translation>
    </message>
    <message>
        <source>Read both counters on the running release: a watchdog drop the queue counter misses hides lossless loss from queue-based monitoring; a queue drop the watchdog did not make comes from the headroom, a peer that ignores pause or the physical layer</source>
        <translation>在运行的版本上读取这两个计数器：队列计数器漏计的看门狗丢包会使基于队列的监控看不到无损丢失；不是看门狗造成的队列丢包来自缓冲余量、不响应暂停的对端或物理层</translation>
    </message>
    <message>
        <source>ECN-marked packets arrived but no CNP was sent</source>
        <translation>收到了 ECN 标记的报文，但没有发送 CNP</translation>
    </message>
    <message>
        <source>{port}: {ecn} ECN-marked RoCE packets received but no CNP sent between the captures: the notification point does not answer, so the senders never slow down</source>
        <translation>{port}：两次采集之间收到 {ecn} 个带 ECN 标记的 RoCE 报文，但没有发送 CNP：通知点没有响应，发送端永远不会降速</translation>
    </message>
    <message>
        <source>Enable the DCQCN notification point for the RoCE priority (/sys/class/net/&lt;if&gt;/ecn/roce_np/enable/&lt;prio&gt;, lfp contract --evidence) and check the NIC&apos;s CNP settings against the plan</source>
        <translation>为 RoCE 优先级启用 DCQCN 通知点（/sys/class/net/&lt;if&gt;/ecn/roce_np/enable/&lt;prio&gt;，lfp contract --evidence），并按规划检查网卡的 CNP 设置</translation>
    </message>
    <message>
        <source>CNPs were sent but the switch&apos;s CNP queue counted none</source>
        <translation>发送了 CNP，但交换机的 CNP 队列没有计数</translation>
    </message>
    <message>
        <source>{host} sent {cnp} CNPs, but {switch} counted no packet on its CNP queue {queue} (priority {priority}) on any port between the captures: the switch puts CNPs in another queue, where they wait behind data</source>
        <translation>{host} 发送了 {cnp} 个 CNP，但两次采集之间 {switch} 在任何端口的 CNP 队列 {queue}（优先级 {priority}）上都没有计到报文：交换机把 CNP 放进了另一个队列，在那里排在数据之后</translation>
    </message>
    <message>
        <source>Map the NICs&apos; CNP DSCP to the CNP priority on the switches (lfp check: LFP-CNP-CLASS-MISMATCH) and compare the running DSCP map with the plan (lfp drift)</source>
        <translation>在交换机上把网卡的 CNP DSCP 映射到 CNP 优先级（lfp check：LFP-CNP-CLASS-MISMATCH），并把运行中的 DSCP 映射与规划比较（lfp drift）</translation>
    </message>
    <message>
        <source>the switch&apos;s own view of its lossless priorities differs from the plan</source>
        <translation>交换机自身报告的无损优先级与规划不同</translation>
    </message>
    <message>
        <source>{port}: the switch reports lossless priorities {running} (show pfc priority) where the plan keeps {planned}{?what}</source>
        <translation>{port}：交换机报告的无损优先级为 {running}（show pfc priority），而规划为 {planned}{?what}</translation>
    </message>
    <message>
        <source>Apply the plan&apos;s PFC configuration to this port (lfp export, lfp drift) and check that the buffer profiles were created for the lossless PGs</source>
        <translation>在此端口上应用规划的 PFC 配置（lfp export、lfp drift），并检查是否为无损 PG 创建了缓冲配置</translation>
    </message>
    <message>
        <source>a VOQ&apos;s credit watchdog deleted packets</source>
        <translation>VOQ 的信用看门狗删除了报文</translation>
    </message>
    <message>
        <source>{port}: the credit watchdog deleted {delta} packets from VOQ {queue}{?lossless} between the captures: the egress port stopped granting credits (paused for too long, or down)</source>
        <translation>{port}：两次采集之间信用看门狗从 VOQ {queue}{?lossless} 删除了 {delta} 个报文：出端口停止发放信用（暂停过久或链路断开）</translation>
    </message>
    <message>
        <source>Find why the egress port stopped: a PFC storm from its peer (show pfcwd stats on it), a link down, or a fabric fault; on lossless VOQs this is loss PFC cannot prevent</source>
        <translation>查明出端口停止的原因：来自其对端的 PFC 风暴（在该端口上 show pfcwd stats）、链路断开或交换网故障；在无损 VOQ 上这是 PFC 无法避免的丢失</translation>
    </message>
    <message>
        <source>frames lost to uncorrectable FEC codewords or post-FEC errors</source>
        <translation>不可纠正的 FEC 码字或 FEC 之后的错误造成帧丢失</translation>
    </message>
    <message>
        <source>{port}: {delta} {counter} between the captures: frames lost on the wire, which PFC cannot prevent</source>
        <translation>{port}：两次采集之间出现 {delta} 个{counter}：帧在线路上丢失，PFC 无法避免</translation>
    </message>
    <message>
        <source>The physical layer first: clean or replace the optics and cable of this link (the per-lane counters name the lane), check the FEC both ends run, then look at congestion</source>
        <translation>物理层优先：清洁或更换此链路的光模块和线缆（按通道的计数器指出是哪个通道），检查两端运行的 FEC，然后再看拥塞</translation>
    </message>
    <message>
        <source>the pre-FEC bit error ratio is above the limit of the FEC and lane rate</source>
        <translation>FEC 前误码率超过该 FEC 与通道速率的限值</translation>
    </message>
    <message>
        <source>{port}: pre-FEC BER {ber} ({how}) is above {limit}, the limit for {fec} at {lane_rate} Gb/s per lane ({source})</source>
        <translation>{port}：FEC 前误码率 {ber}（{how}）超过 {limit}，即 {fec} 在每通道 {lane_rate} Gb/s 时的限值（{source}）</translation>
    </message>
    <message>
        <source>The FEC is past its design point and uncorrectable codewords follow: clean or replace the optics and cable of this link (the worst lane first) before tuning buffers</source>
        <translation>FEC 已超出其设计工作点，随后会出现不可纠正的码字：在调整缓冲之前，清洁或更换此链路的光模块和线缆（先处理最差的通道）</translation>
    </message>
    <message>
        <source>InfiniBand link errors grew</source>
        <translation>InfiniBand 链路错误增长</translation>
    </message>
    <message>
        <source>{port}: {counters} grew between the captures</source>
        <translation>{port}：两次采集之间 {counters} 增长</translation>
    </message>
    <message>
        <source>The physical layer first: symbol errors on HDR/NDR are errors after FEC (NVIDIA ibdiagnet); check the cable and optics of this port and its peer (ibdiagnet --get_phy_info)</source>
        <translation>物理层优先：在 HDR/NDR 上符号错误是 FEC 之后的错误（NVIDIA ibdiagnet）；检查此端口及其对端的线缆和光模块（ibdiagnet --get_phy_info）</translation>
    </message>
    <message>
        <source>the link went down between the captures</source>
        <translation>两次采集之间链路断开过</translation>
    </message>
    <message>
        <source>{port}: the link went down {flaps} times between the captures ({counters})</source>
        <translation>{port}：两次采集之间链路断开了 {flaps} 次（{counters}）</translation>
    </message>
    <message>
        <source>A flapping link drops everything in flight and reroutes the rest: check optics, cable and autonegotiation of this link before reading the congestion counters</source>
        <translation>抖动的链路会丢弃所有在途报文并使其余流量改道：在阅读拥塞计数器之前检查此链路的光模块、线缆和自协商</translation>
    </message>
    <message>
        <source>; the physical layer moved on this link first ({physical}): look there before the buffers</source>
        <translation>；此链路的物理层先出现了变化（{physical}）：先查物理层，再查缓冲</translation>
    </message>
    <message>
        <source>the PFC watchdog dropped {delta} packets on queue {queue} while the queue&apos;s own drop counter did not move</source>
        <translation>PFC 看门狗在队列 {queue} 上丢弃了 {delta} 个报文，而该队列自己的丢包计数器没有变化</translation>
    </message>
    <message>
        <source>lossless queue {queue} dropped {delta} packets while its PFC watchdog dropped none: the drops are not the watchdog&apos;s</source>
        <translation>无损队列 {queue} 丢弃了 {delta} 个报文，而其 PFC 看门狗没有丢弃任何报文：这些丢包不是看门狗造成的</translation>
    </message>
    <message>
        <source>: priorities {missing} run lossy, so their traffic is dropped under congestion</source>
        <translation>：优先级 {missing} 以有损方式运行，拥塞时其流量会被丢弃</translation>
    </message>
    <message>
        <source>: priorities {extra} pause without the plan&apos;s headroom</source>
        <translation>：优先级 {extra} 在没有规划缓冲余量的情况下发送暂停</translation>
    </message>
    <message>
        <source> (a queue the plan keeps lossless)</source>
        <translation>（规划为无损的队列）</translation>
    </message>
    <message>
        <source>{count} ports are breakout members (of {parents}): no breakout mode is written, each member is written as a port of its own</source>
        <translation>{count} 个端口是拆分（breakout）成员（属于 {parents}）：未写出拆分模式，每个成员作为独立端口写出</translation>
    </message>
    <message>
        <source>the {target} export writes no egress DSCP rewrite: the rewrite rules of {policy} are not written</source>
        <translation>{target} 导出不写出出方向 DSCP 重写：{policy} 的重写规则未写出</translation>
    </message>
    <message>
        <source>the {target} export writes no shared headroom pool: the planned {size} B pool (xoff over-subscription) is left to the platform</source>
        <translation>{target} 导出不写出共享缓冲余量池：规划的 {size} B 池（xoff 超额订阅）留给平台自行配置</translation>
    </message>
    <message>
        <source>Configure the platform&apos;s shared headroom (over-subscription) by hand and compare it with `lfp budget`.</source>
        <translation>手动配置平台的共享缓冲余量（超额订阅），并与 `lfp budget` 的结果比较。</translation>
    </message>
    <message>
        <source>Set the breakout on the parent port with the platform&apos;s own command before applying the configuration.</source>
        <translation>应用配置之前，先用平台自身的命令在父端口上设置拆分模式。</translation>
    </message>
    <message>
        <source>ECN profile {profile}: the planned Kmin {kmin} B / Kmax {kmax} B are outside what {target} accepts (a lower threshold of at least 1, an upper one above it; where written in percent, whole percents of the queue buffer): written as {written}</source>
        <translation>ECN 配置 {profile}：计划的 Kmin {kmin} B / Kmax {kmax} B 超出了 {target} 可接受的范围（下限至少为 1，上限须高于下限；以百分比写入时须为队列缓冲的整数百分比）：写为 {written}</translation>
    </message>
    <message>
        <source>Set Kmax above Kmin (where the target writes percent of the queue buffer: at least one percent apart, within the buffer, and Kmin at least half a percent of it).</source>
        <translation>将 Kmax 设为高于 Kmin（若目标以队列缓冲的百分比写入：两者至少相差一个百分点，不超出缓冲，且 Kmin 至少为缓冲的百分之零点五）。</translation>
    </message>
    <message>
        <source>the packet was re-tagged on its way and leaves port {port} to the far NIC with DSCP {found}, which no end point marks: the last hop does not restore the sender&apos;s DSCP</source>
        <translation>报文在途中被重新标记，从端口 {port} 以 DSCP {found} 发往对端网卡，而没有任何端点使用该标记：最后一跳没有恢复发送方的 DSCP</translation>
    </message>
    <message>
        <source>Rewrite DSCP {found} back to the RoCE DSCP on {hop} port {port} (the egress remark toward the host, as the tag plan&apos;s -tag-host policy does).</source>
        <translation>在 {hop} 端口 {port} 上把 DSCP {found} 改写回 RoCE DSCP（朝向主机的出方向重标记，如标记方案的 -tag-host 策略所做）。</translation>
    </message>
</context>
<context>
    <name>HeadroomTerm</name>
    <message>
        <source>IEEE 802.1Qbb / 802.3 Annex 31B delay budget (guide headroom.md §4; Cisco c11-542809)</source>
        <translation>IEEE 802.1Qbb / 802.3 Annex 31B 时延预算（指南 headroom.md §4；Cisco c11-542809）</translation>
    </message>
    <message>
        <source>ASIC profile %1</source>
        <translation>ASIC 配置文件 %1</translation>
    </message>
    <message>
        <source>factor</source>
        <translation>系数</translation>
    </message>
    <message>
        <source>rows</source>
        <translation>行</translation>
    </message>
    <message>
        <source>small_packet_percentage (packet count, pre-#3235)</source>
        <translation>small_packet_percentage（按报文数计，#3235 之前）</translation>
    </message>
    <message>
        <source>100·64/((spp·64 + (100−spp)·lossless_mtu)/100)  (byte-weighted)</source>
        <translation>100·64/((spp·64 + (100−spp)·lossless_mtu)/100)  （按字节加权）</translation>
    </message>
    <message>
        <source>4957df86d (#2860; behaviour of f9462c499 #1930 and later, before 3943093d4)</source>
        <translation>4957df86d（#2860；f9462c499 #1930 及之后、3943093d4 之前的行为）</translation>
    </message>
    <message>
        <source>sonic-swss %1 at %2</source>
        <translation>sonic-swss %1，版本 %2</translation>
    </message>
    <message>
        <source>ASIC profile %1 (sonic-buildimage platform/mellanox/asic_table.j2)</source>
        <translation>ASIC 配置文件 %1（sonic-buildimage platform/mellanox/asic_table.j2）</translation>
    </message>
    <message>
        <source>2·pipeline_latency_kb·1024 − 1024 (8-lane port)</source>
        <translation>2·pipeline_latency_kb·1024 − 1024（8 通道端口）</translation>
    </message>
    <message>
        <source>2·pipeline_latency_kb·1024 (8-lane port)</source>
        <translation>2·pipeline_latency_kb·1024（8 通道端口）</translation>
    </message>
    <message>
        <source>port_mtu (8-lane port: one more frame in size)</source>
        <translation>port_mtu（8 通道端口：size 中多留一帧）</translation>
    </message>
    <message>
        <source>pause_quanta(%1G) = %2 × 512 bit / 8</source>
        <translation>pause_quanta(%1G) = %2 × 512 比特 / 8</translation>
    </message>
    <message>
        <source>peer_response_time_kb·1024 (speed not in the pause-quanta table)</source>
        <translation>peer_response_time_kb·1024（该速率不在暂停量子表中）</translation>
    </message>
    <message>
        <source>2·L·speed·1e9/198e6/(8·1024)  (round trip at 1.98e8 m/s)</source>
        <translation>2·L·speed·1e9/198e6/(8·1024)  （按 1.98e8 m/s 计往返）</translation>
    </message>
    <message>
        <source>2·L·speed·1e9/198e6/(8·1000)  (round trip at 1.98e8 m/s)</source>
        <translation>2·L·speed·1e9/198e6/(8·1000)  （按 1.98e8 m/s 计往返）</translation>
    </message>
    <message>
        <source>speed·gearbox_delay/(8·1024), gearbox %1 ns</source>
        <translation>speed·gearbox_delay/(8·1024)，Gearbox 时延 %1 ns</translation>
    </message>
    <message>
        <source>speed/1000·120/8 (Spectrum-4/5: 15 B per Gb/s)</source>
        <translation>speed/1000·120/8（Spectrum-4/5：每 Gb/s 15 B）</translation>
    </message>
    <message>
        <source>+18 KiB on Spectrum-6 (#4797, 422271e7e)</source>
        <translation>+18 KiB：Spectrum-6 上的补偿（#4797，422271e7e）</translation>
    </message>
    <message>
        <source>+2 KiB when SHP is off, spp ≠ 100 and xoff + 2 KiB &lt; all-small-packet xoff (#4757, b20a59691)</source>
        <translation>+2 KiB：SHP 关闭、spp ≠ 100 且 xoff + 2 KiB &lt; 全小包 xoff 时（#4757，b20a59691）</translation>
    </message>
    <message>
        <source>xoff_base + compensations</source>
        <translation>xoff_base + 各项补偿</translation>
    </message>
    <message>
        <source>ceil_1KiB(xon)  (shared headroom pool on: xoff is charged to the pool)</source>
        <translation>ceil_1KiB(xon)  （共享缓冲余量池开启：xoff 计入该缓冲池）</translation>
    </message>
    <message>
        <source>100G: 122,880 BT (50G uses the 100G figure)</source>
        <translation>100G：122,880 BT（50G 沿用 100G 的数值）</translation>
    </message>
    <message>
        <source>%1G: no published figure; the 100G delay of 1.2288 µs kept in time = 122,880·%2/100 BT</source>
        <translation>%1G：无公开数值；沿用 100G 的 1.2288 µs 时延（时间不变）= 122,880·%2/100 BT</translation>
    </message>
    <message>
        <source>%1 pause quanta × 512 BT (%2G entry)</source>
        <translation>%1 个暂停量子 × 512 BT（%2G 表项）</translation>
    </message>
    <message>
        <source>905 pause quanta × 512 BT (400G/800G entry)</source>
        <translation>905 个暂停量子 × 512 BT（400G/800G 表项）</translation>
    </message>
    <message>
        <source>port speed; 1 bit time (BT) = 1/speed</source>
        <translation>端口速率；1 比特时间（BT）= 1/speed</translation>
    </message>
    <message>
        <source>(port_mtu + 12 IFG + 8 preamble)·8: frame in progress at the receiver delays the PFC frame</source>
        <translation>(port_mtu + 12 IFG + 8 前导码)·8：接收端正在发送的帧会推迟 PFC 帧</translation>
    </message>
    <message>
        <source>PFC frame: (64 + 12 + 8)·8</source>
        <translation>PFC 帧：(64 + 12 + 8)·8</translation>
    </message>
    <message>
        <source>2 × D-Intf (PHY/MAC/PCS, once per direction); %1</source>
        <translation>2 × D-Intf（PHY/MAC/PCS，每个方向一次）；%1</translation>
    </message>
    <message>
        <source>2 × L/(2·10⁸ m/s) × speed  (5 ns/m each way, %1 m)</source>
        <translation>2 × L/(2·10⁸ m/s) × speed  （单向 5 ns/m，%1 m）</translation>
    </message>
    <message>
        <source>peer reaction, IEEE 802.3 Annex 31B.3.7: %1</source>
        <translation>对端响应，IEEE 802.3 Annex 31B.3.7：%1</translation>
    </message>
    <message>
        <source>(port_mtu + 20)·8: the sender had just started a frame</source>
        <translation>(port_mtu + 20)·8：发送端刚开始发送一帧</translation>
    </message>
    <message>
        <source>Σ bit times / 8 (before cell inflation)</source>
        <translation>Σ 比特时间 / 8（按单元放大之前）</translation>
    </message>
    <message>
        <source>IEEE 802.1Qbb delay budget (headroom.md §4), cell occupancy as sonic-swss #3235</source>
        <translation>IEEE 802.1Qbb 时延预算（headroom.md §4），单元占用按 sonic-swss #3235 计算</translation>
    </message>
    <message>
        <source>ASIC cell size</source>
        <translation>ASIC 单元大小</translation>
    </message>
    <message>
        <source>ASIC pipeline latency / xon reservation (0 when the profile gives none)</source>
        <translation>ASIC 流水线时延 / xon 预留（配置文件未给出时为 0）</translation>
    </message>
    <message>
        <source>xon (shared headroom pool on)</source>
        <translation>xon（共享缓冲余量池开启）</translation>
    </message>
    <message>
        <source>Broadcom XGS semantics (sonic-buildimage device/common/profiles/th*, headroom.md §2); xoff = IEEE 802.1Qbb budget in cells</source>
        <translation>Broadcom XGS 语义（sonic-buildimage device/common/profiles/th*，headroom.md §2）；xoff = 以单元计的 IEEE 802.1Qbb 预算</translation>
    </message>
    <message>
        <source>MMU cell size</source>
        <translation>MMU 单元大小</translation>
    </message>
    <message>
        <source>ceil_cells(headroom_raw·cell_occupancy): the PG&apos;s headroom limit, charged to the shared headroom pool</source>
        <translation>ceil_cells(headroom_raw·cell_occupancy)：该 PG 的缓冲余量上限，计入共享缓冲余量池</translation>
    </message>
    <message>
        <source>guaranteed minimum of the PG (pg_profile_lookup.ini size)</source>
        <translation>该 PG 的保证最小值（pg_profile_lookup.ini 的 size）</translation>
    </message>
    <message>
        <source>xon threshold (pg_profile_lookup.ini xon)</source>
        <translation>xon 阈值（pg_profile_lookup.ini 的 xon）</translation>
    </message>
    <message>
        <source>the table&apos;s row %1 %2</source>
        <translation>表中 %1 %2 这一行</translation>
    </message>
    <message>
        <source>the next longer cable row %1 %2 (the cable is rounded up to a listed length, as SONiC&apos;s CABLE_LENGTH buckets)</source>
        <translation>线缆更长的下一行 %1 %2（线缆长度向上取到表中列出的长度，与 SONiC 的 CABLE_LENGTH 分档相同）</translation>
    </message>
    <message>
        <source>beyond the longest row %1 %2: max(extrapolation %3 B at %4 B/m from the two longest rows, %5 estimate %6 B) = %7</source>
        <translation>超出最长的一行 %1 %2：max(由最长两行外推 %3 B（%4 B/m），%5 估算 %6 B) = %7</translation>
    </message>
    <message>
        <source>the estimate</source>
        <translation>估算值</translation>
    </message>
    <message>
        <source>the extrapolation</source>
        <translation>外推值</translation>
    </message>
    <message>
        <source>%1 is not in the table: min(%2 estimate %3 B, %4 at %5: %6 B)</source>
        <translation>%1 不在表中：min(%2 估算 %3 B，%5 下的%4：%6 B)</translation>
    </message>
    <message>
        <source>%1 is not in the table: max(%2 estimate %3 B, %4: %5 B)</source>
        <translation>%1 不在表中：max(%2 估算 %3 B，%4：%5 B)</translation>
    </message>
    <message>
        <source>%1 is not in the table: %2 estimate %3 B clamped to [%4, %5] B of the listed speeds %6 and %7</source>
        <translation>%1 不在表中：%2 估算 %3 B，限制在表中速率 %6 与 %7 的 [%4, %5] B 之间</translation>
    </message>
    <message>
        <source>vendor table of %1 (%2)</source>
        <translation>%1 的厂商表（%2）</translation>
    </message>
    <message>
        <source>%1 (the profile&apos;s first table; no switch model given)</source>
        <translation>%1（配置文件的第一张表；未指定交换机型号）</translation>
    </message>
    <message>
        <source>%1 (the switch model &quot;%2&quot;)</source>
        <translation>%1（交换机型号“%2”）</translation>
    </message>
    <message>
        <source>%1 (the profile&apos;s first table; switch model &quot;%2&quot; has no table of its own)</source>
        <translation>%1（配置文件的第一张表；交换机型号“%2”没有自己的表）</translation>
    </message>
    <message>
        <source>port speed</source>
        <translation>端口速率</translation>
    </message>
    <message>
        <source>cable length</source>
        <translation>线缆长度</translation>
    </message>
    <message>
        <source>pg_profile_lookup.ini of %1</source>
        <translation>%1 的 pg_profile_lookup.ini</translation>
    </message>
    <message>
        <source>size column of the row used</source>
        <translation>所用行的 size 列</translation>
    </message>
    <message>
        <source>xon column of the row used</source>
        <translation>所用行的 xon 列</translation>
    </message>
    <message>
        <source>xon_offset column of the row used</source>
        <translation>所用行的 xon_offset 列</translation>
    </message>
    <message>
        <source>threshold column (dynamic_th) of the row used</source>
        <translation>所用行的 threshold 列（dynamic_th）</translation>
    </message>
    <message>
        <source>%1, raised to %2 B of the slower listed speed %3 (a faster port never gets less headroom)</source>
        <translation>%1，提高到较慢的已列速率 %3 的 %2 B（速率更快的端口得到的缓冲余量不会更少）</translation>
    </message>
</context>
<context>
    <name>Importer</name>
    <message>
        <source>containerlab topology YAML: nodes (kind, labels) and links (brief and extended forms)</source>
        <translation>containerlab 拓扑 YAML：节点（kind、labels）和链路（简写与扩展形式）</translation>
    </message>
    <message>
        <source>*.clab.yml / *.clab.yaml</source>
        <translation>*.clab.yml / *.clab.yaml</translation>
    </message>
    <message>
        <source>cabling plan CSV: a_device,a_port,b_device,b_port,speed,cable_m,medium (+ optional columns)</source>
        <translation>布线规划 CSV：a_device,a_port,b_device,b_port,speed,cable_m,medium（以及可选列）</translation>
    </message>
    <message>
        <source>CSV with a header row (&apos;,&apos; &apos;;&apos; or tab; UTF-8, BOM allowed)</source>
        <translation>带表头行的 CSV（分隔符为 &apos;,&apos;、&apos;;&apos; 或制表符；UTF-8，允许 BOM）</translation>
    </message>
    <message>
        <source>GraphML graph: nodes are devices, edges are cables with port/speed/length data</source>
        <translation>GraphML 图：节点是设备，边是带端口/速率/长度数据的线缆</translation>
    </message>
    <message>
        <source>.graphml files (networkx, yEd, Gephi)</source>
        <translation>.graphml 文件（networkx、yEd、Gephi）</translation>
    </message>
    <message>
        <source>InfiniBand fabric cache written by `ibnetdiscover --cache FILE`, loaded with libibnetdisc</source>
        <translation>由 `ibnetdiscover --cache FILE` 写出的 InfiniBand 网络缓存，通过 libibnetdisc 读取</translation>
    </message>
    <message>
        <source>binary cache files of `ibnetdiscover --cache`</source>
        <translation>`ibnetdiscover --cache` 的二进制缓存文件</translation>
    </message>
    <message>
        <source>InfiniBand topology from `ibnetdiscover` text output: switches, HCAs, ports, GUIDs, LIDs, width/speed</source>
        <translation>来自 `ibnetdiscover` 文本输出的 InfiniBand 拓扑：交换机、HCA、端口、GUID、LID、宽度/速率</translation>
    </message>
    <message>
        <source>text output of `ibnetdiscover` (with or without -g)</source>
        <translation>`ibnetdiscover` 的文本输出（带或不带 -g）</translation>
    </message>
    <message>
        <source>LLDP neighbours from `lldpcli -f json0 show neighbors details` (or -f json), one file per device, merged; SONiC port aliases resolved</source>
        <translation>来自 `lldpcli -f json0 show neighbors details`（或 -f json）的 LLDP 邻居，每台设备一个文件并合并；解析 SONiC 端口别名</translation>
    </message>
    <message>
        <source>DEVICE.json0 / DEVICE.json per device (the device is the file name up to the first &apos;.&apos;); optional SONiC config_db.json for aliases</source>
        <translation>每台设备一个 DEVICE.json0 / DEVICE.json（设备名为文件名中第一个 &apos;.&apos; 之前的部分）；可选的 SONiC config_db.json 用于别名</translation>
    </message>
    <message>
        <source>NetBox cables: CSV import/export columns, or REST JSON of /api/dcim/cables/ (pre-3.3 and current shapes)</source>
        <translation>NetBox 线缆：CSV 导入/导出列，或 /api/dcim/cables/ 的 REST JSON（3.3 之前和当前的格式）</translation>
    </message>
    <message>
        <source>cables .csv, or .json pages of GET /api/dcim/cables/ (with pages of /api/dcim/devices/ and /api/dcim/interfaces/)</source>
        <translation>线缆 .csv，或 GET /api/dcim/cables/ 的 .json 分页（以及 /api/dcim/devices/ 和 /api/dcim/interfaces/ 的分页）</translation>
    </message>
    <message>
        <source>SONiC config_db.json per switch: ports, neighbours, cable lengths, and the QoS policy (maps, PFC, buffers, WRED, schedulers, watchdog)</source>
        <translation>每台交换机的 SONiC config_db.json：端口、邻居、线缆长度以及 QoS 策略（映射、PFC、缓冲区、WRED、调度器、看门狗）</translation>
    </message>
    <message>
        <source>config_db.json files (one per switch)</source>
        <translation>config_db.json 文件（每台交换机一个）</translation>
    </message>
    <message>
        <source>this machine&apos;s RDMA devices via libibverbs: ports, link layer, speed, MTU, GIDs with RoCE versions</source>
        <translation>通过 libibverbs 读取本机的 RDMA 设备：端口、链路层、速率、MTU、带 RoCE 版本的 GID</translation>
    </message>
    <message>
        <source>no file: reads the local RDMA devices</source>
        <translation>无需文件：读取本机的 RDMA 设备</translation>
    </message>
</context>
<context>
    <name>lfp::ChangeValueCommand</name>
    <message>
        <source>Set %1 of %2 to %3</source>
        <translation>将 %2 的 %1 设为 %3</translation>
    </message>
    <message numerus="yes">
        <source>%n objects</source>
        <translation>
            <numerusform>%n 个对象</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::RecoveryStore</name>
    <message>
        <source>Recover unsaved changes (autosaved %1)</source>
        <translation>恢复未保存的更改（自动保存于 %1）</translation>
    </message>
</context>
<context>
    <name>lfp::StructureCommand</name>
    <message numerus="yes">
        <source>Add switch %1 (%n port(s))</source>
        <translation>
            <numerusform>添加交换机 %1（%n 个端口）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Add host %1 (%n port(s))</source>
        <translation>
            <numerusform>添加主机 %1（%n 个端口）</numerusform>
        </translation>
    </message>
    <message>
        <source>Add port %1</source>
        <translation>添加端口 %1</translation>
    </message>
    <message>
        <source>Add link %1:%2 – %3:%4</source>
        <translation>添加链路 %1:%2 – %3:%4</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>移除 %1</translation>
    </message>
    <message numerus="yes">
        <source>Remove %n object(s)</source>
        <translation>
            <numerusform>移除 %n 个对象</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::AddLinkDialog</name>
    <message>
        <source>Add Link</source>
        <translation>添加链路</translation>
    </message>
    <message>
        <source>End &amp;A node:</source>
        <translation>A 端节点(&amp;A):</translation>
    </message>
    <message>
        <source>End A &amp;port:</source>
        <translation>A 端端口(&amp;P):</translation>
    </message>
    <message>
        <source>End &amp;B node:</source>
        <translation>B 端节点(&amp;B):</translation>
    </message>
    <message>
        <source>End B p&amp;ort:</source>
        <translation>B 端端口(&amp;O):</translation>
    </message>
    <message>
        <source>Cable &amp;length:</source>
        <translation>线缆长度(&amp;L):</translation>
    </message>
    <message>
        <source>DAC (copper)</source>
        <translation>DAC(铜缆)</translation>
    </message>
    <message>
        <source>AOC</source>
        <translation>AOC</translation>
    </message>
    <message>
        <source>Fibre</source>
        <translation>光纤</translation>
    </message>
    <message>
        <source>&amp;Medium:</source>
        <translation>介质(&amp;M):</translation>
    </message>
    <message>
        <source>keep the ports&apos; speeds</source>
        <translation>保持端口现有速率</translation>
    </message>
    <message>
        <source>Port &amp;speed:</source>
        <translation>端口速率(&amp;S):</translation>
    </message>
    <message>
        <source>Choose two nodes with a free port each</source>
        <translation>请选择两个各有空闲端口的节点</translation>
    </message>
</context>
<context>
    <name>lfp::gui::AddNodeDialog</name>
    <message>
        <source>Add Switch</source>
        <translation>添加交换机</translation>
    </message>
    <message>
        <source>Add Host</source>
        <translation>添加主机</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N):</translation>
    </message>
    <message>
        <source>Leaf</source>
        <translation>叶(Leaf)</translation>
    </message>
    <message>
        <source>Spine</source>
        <translation>脊(Spine)</translation>
    </message>
    <message>
        <source>Super-spine</source>
        <translation>超级脊(Super-spine)</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>主机</translation>
    </message>
    <message>
        <source>&amp;Role:</source>
        <translation>角色(&amp;R):</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(无)</translation>
    </message>
    <message>
        <source>&amp;ASIC:</source>
        <translation>ASIC(&amp;A):</translation>
    </message>
    <message>
        <source>Rac&amp;k:</source>
        <translation>机架(&amp;K):</translation>
    </message>
    <message>
        <source>&amp;Ports:</source>
        <translation>端口数(&amp;P):</translation>
    </message>
    <message>
        <source>Ports are named prefix + number; switch ports are numbered by their first lane (Ethernet0, Ethernet4, …)</source>
        <translation>端口名为前缀加编号;交换机端口按其第一条通道编号(Ethernet0、Ethernet4、…)</translation>
    </message>
    <message>
        <source>Port name &amp;prefix:</source>
        <translation>端口名前缀(&amp;X):</translation>
    </message>
    <message>
        <source>Port &amp;speed:</source>
        <translation>端口速率(&amp;S):</translation>
    </message>
    <message>
        <source>Port speed: %1</source>
        <translation>端口速率:%1</translation>
    </message>
</context>
<context>
    <name>lfp::gui::AddPortDialog</name>
    <message>
        <source>Add Port</source>
        <translation>添加端口</translation>
    </message>
    <message>
        <source>&amp;Node:</source>
        <translation>节点(&amp;N):</translation>
    </message>
    <message>
        <source>Port &amp;name:</source>
        <translation>端口名(&amp;N):</translation>
    </message>
    <message>
        <source>as the node&apos;s first port</source>
        <translation>与该节点第一个端口相同</translation>
    </message>
    <message>
        <source>&amp;Speed:</source>
        <translation>速率(&amp;S):</translation>
    </message>
    <message>
        <source>%1 has no port to copy the speed from: give a speed</source>
        <translation>%1 没有可复制速率的端口:请填写速率</translation>
    </message>
</context>
<context>
    <name>lfp::gui::AnalysisStatus</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop the analysis running in the background</source>
        <translation>停止后台正在运行的分析</translation>
    </message>
</context>
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
        <translation>未知（来源未提供）</translation>
    </message>
</context>
<context>
    <name>lfp::gui::Application</name>
    <message>
        <source>cannot write the screenshot to %1</source>
        <translation>无法将截图写入 %1</translation>
    </message>
    <message>
        <source>no translation for language &quot;%1&quot;; using English</source>
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
        <source>--revision expects a positive number, got &quot;%1&quot;</source>
        <translation>--revision 需要一个正整数，实际为“%1”</translation>
    </message>
    <message>
        <source>--revision needs a project file</source>
        <translation>--revision 需要指定项目文件</translation>
    </message>
    <message>
        <source>--size expects WIDTHxHEIGHT, e.g. 1400x900, got &quot;%1&quot;</source>
        <translation>--size 需要“宽x高”格式，例如 1400x900，实际为“%1”</translation>
    </message>
    <message>
        <source>the checks did not finish within 120 s</source>
        <translation>检查未在 120 秒内完成</translation>
    </message>
    <message>
        <source>no node or port &quot;%1&quot; in the fabric</source>
        <translation>网络中没有节点或端口“%1”</translation>
    </message>
    <message>
        <source>no finding with code %1</source>
        <translation>没有代码为 %1 的检查结果</translation>
    </message>
    <message>
        <source>--dock expects findings, headroom or budget, got &quot;%1&quot;</source>
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
    <message>
        <source>--view expects one of %1, got &quot;%2&quot;</source>
        <translation>--view 应为 %1 之一，实际为“%2”</translation>
    </message>
    <message>
        <source>view</source>
        <translation>视图</translation>
    </message>
    <message>
        <source>Colour palette: dark, light or auto (follow the desktop; default: the last choice in View &gt; Theme, for --screenshot auto).</source>
        <translation>配色方案：dark（深色）、light（浅色）或 auto（跟随桌面；默认：上次在“视图 &gt; 主题”中的选择，--screenshot 时为 auto）。</translation>
    </message>
    <message>
        <source>palette</source>
        <translation>配色</translation>
    </message>
    <message>
        <source>--palette expects dark, light or auto, got &quot;%1&quot;</source>
        <translation>--palette 应为 dark、light 或 auto，实际为“%1”</translation>
    </message>
    <message>
        <source>the views did not finish within 120 s</source>
        <translation>视图未在 120 秒内完成</translation>
    </message>
    <message>
        <source>Open a view: %1 (with --screenshot: the one pictured).</source>
        <translation>打开视图：%1（与 --screenshot 一起使用时为截图中的视图）。</translation>
    </message>
</context>
<context>
    <name>lfp::gui::BudgetBar</name>
    <message>
        <source>Total buffer %1</source>
        <translation>缓冲总量 %1</translation>
    </message>
    <message>
        <source>Reservations (lossy PGs, management, mirror, egress): %1 (%2 %)</source>
        <translation>预留（有损 PG、管理、镜像、出方向）：%1（%2 %）</translation>
    </message>
    <message>
        <source>Lossless headroom: %1 (%2 %)</source>
        <translation>无损缓冲余量：%1（%2 %）</translation>
    </message>
    <message>
        <source>Shared headroom pool: %1 (%2 %)</source>
        <translation>共享缓冲余量池：%1（%2 %）</translation>
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
        <translation>缓冲池</translation>
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
        <translation>共享缓冲余量 (B)</translation>
    </message>
    <message>
        <source>Select a switch (or one of its ports) to see its buffer budget.</source>
        <translation>选择一台交换机（或其端口）以查看其缓冲预算。</translation>
    </message>
    <message>
        <source>Buffer budget</source>
        <translation>缓冲预算</translation>
    </message>
    <message>
        <source>%1 is a host: buffers are planned per switch. Select a switch.</source>
        <translation>%1 是主机：缓冲按交换机规划。请选择一台交换机。</translation>
    </message>
    <message>
        <source>%1: no ASIC profile &quot;%2&quot; in the catalogue, so no budget.</source>
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
        <translation>此 ASIC 的缓冲总量未知：预留 %1。</translation>
    </message>
    <message>
        <source>Total %1 · reserved %2 · shared headroom pool %3 · left for shared pools %4</source>
        <translation>总量 %1 · 预留 %2 · 共享缓冲余量池 %3 · 剩余给共享池 %4</translation>
    </message>
    <message>
        <source>Over-committed by %1: reservations %2 and shared headroom pool %3 exceed the %4 buffer</source>
        <translation>超额分配 %1：预留 %2 与共享缓冲余量池 %3 超出了 %4 的缓冲</translation>
    </message>
    <message>
        <source>Reservations</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>Lossless headroom</source>
        <translation>无损缓冲余量</translation>
    </message>
    <message>
        <source>Shared headroom pool</source>
        <translation>共享缓冲余量池</translation>
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
        <translation>缓冲余量计算依据 %1。</translation>
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
    <name>lfp::gui::BudgetView</name>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 (%2 B)</source>
        <translation>%1（%2 B）</translation>
    </message>
    <message>
        <source>Reservations</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>Lossless headroom</source>
        <translation>无损缓冲余量</translation>
    </message>
    <message>
        <source>Shared headroom pool</source>
        <translation>共享缓冲余量池</translation>
    </message>
    <message>
        <source>Shared pools</source>
        <translation>共享缓冲池</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Compare the switches of one model side by side</source>
        <translation>并排比较同一型号的交换机</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>型号：</translation>
    </message>
    <message>
        <source>No fabric.</source>
        <translation>没有网络。</translation>
    </message>
    <message>
        <source>Click a switch (bar or row) for its ports.</source>
        <translation>点击交换机（条形或表格行）查看其端口。</translation>
    </message>
    <message>
        <source>%1 (no ASIC)</source>
        <translation>%1（无 ASIC）</translation>
    </message>
    <message>
        <source>%1 (ASIC &quot;%2&quot; not in the catalogue)</source>
        <translation>%1（ASIC“%2”不在目录中）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Computing the budgets…</source>
        <translation>正在计算预算…</translation>
    </message>
    <message>
        <source>All models</source>
        <translation>全部型号</translation>
    </message>
    <message>
        <source>(no model)</source>
        <translation>（无型号）</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>Buffer per switch, least left for the shared pools first</source>
        <translation>各交换机的缓冲区（留给共享缓冲池最少的排在最前）</translation>
    </message>
    <message>
        <source>Switches of model %1 side by side</source>
        <translation>型号 %1 的交换机并排比较</translation>
    </message>
    <message>
        <source>No switch with a buffer budget.</source>
        <translation>没有具有缓冲区预算的交换机。</translation>
    </message>
    <message numerus="yes">
        <source>%n switch(es) with a budget</source>
        <translation>
            <numerusform>%n 台交换机有预算</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n over-committed</source>
        <translation>
            <numerusform>%n 台超额分配</numerusform>
        </translation>
    </message>
    <message>
        <source>all fit</source>
        <translation>全部容纳得下</translation>
    </message>
    <message>
        <source>the chart shows the %1 of %2 with the least left</source>
        <translation>图中显示剩余最少的 %1 台（共 %2 台）</translation>
    </message>
    <message numerus="yes">
        <source>%n in the chart</source>
        <translation>
            <numerusform>图中 %n 台</numerusform>
        </translation>
    </message>
    <message>
        <source>no budget: %1</source>
        <translation>无预算：%1</translation>
    </message>
    <message>
        <source>%1 — %2: %3, %4 of %5</source>
        <translation>%1 — %2：%3，占 %5 的 %4</translation>
    </message>
    <message>
        <source>Over-committed by %1</source>
        <translation>超额分配 %1</translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n active port(s)</source>
        <translation>
            <numerusform>%1 — %n 个活动端口</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::ContractView</name>
    <message>
        <source>From host:</source>
        <translation>源主机：</translation>
    </message>
    <message>
        <source>to host:</source>
        <translation>目的主机：</translation>
    </message>
    <message>
        <source>Data (forward)</source>
        <translation>数据（正向）</translation>
    </message>
    <message>
        <source>CNPs (back)</source>
        <translation>CNP（反向）</translation>
    </message>
    <message>
        <source>ACK/NAKs (back)</source>
        <translation>ACK/NAK（反向）</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>追踪</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>环节</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>DSCP</source>
        <translation>DSCP</translation>
    </message>
    <message>
        <source>TC</source>
        <translation>TC</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>What breaks</source>
        <translation>破坏之处</translation>
    </message>
    <message>
        <source>Pick two hosts and a class: every check of the chain, hop by hop, green or red (docs/contract.md).</source>
        <translation>选择两台主机和一个类别：逐跳查看链路上的每项检查，绿色为通过，红色为破坏（docs/contract.md）。</translation>
    </message>
    <message numerus="yes">
        <source>The contract holds: %n check(s), all green.</source>
        <translation>
            <numerusform>契约成立：%n 项检查全部为绿色。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The contract breaks: %n check(s) red.</source>
        <translation>
            <numerusform>契约被破坏：%n 项检查为红色。</numerusform>
        </translation>
    </message>
    <message>
        <source>Profile %1; %2 runs %3.</source>
        <translation>契约模式 %1；%2 %3。</translation>
    </message>
    <message>
        <source>from the first host to the second</source>
        <translation>由第一台主机发往第二台</translation>
    </message>
    <message>
        <source>back from the second host to the first</source>
        <translation>由第二台主机返回第一台</translation>
    </message>
    <message>
        <source>%1: found %2, expected %3</source>
        <translation>%1：实际 %2，应为 %3</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>通过</translation>
    </message>
    <message>
        <source>breaks</source>
        <translation>破坏</translation>
    </message>
</context>
<context>
    <name>lfp::gui::DeadlockView</name>
    <message>
        <source>Cancelled; the results shown are from the last finished run.</source>
        <translation>已取消；显示的是上一次完成运行的结果。</translation>
    </message>
    <message>
        <source>ECMP routing</source>
        <translation>ECMP 路由</translation>
    </message>
    <message>
        <source>Up*/down* routing</source>
        <translation>Up*/down* 路由</translation>
    </message>
    <message>
        <source>The routing model the analysis assumes (lfp deadlock --routing)</source>
        <translation>分析所假设的路由模型（lfp deadlock --routing）</translation>
    </message>
    <message>
        <source>Exhaustive</source>
        <translation>穷举</translation>
    </message>
    <message>
        <source>Analyse every failure set, without symmetry classes or pruning (lfp deadlock --exhaustive)</source>
        <translation>分析每个故障集，不使用对称类或剪枝（lfp deadlock --exhaustive）</translation>
    </message>
    <message>
        <source>Analyse</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>Cyclic buffer dependencies of the healthy fabric, as `lfp deadlock` finds them</source>
        <translation>健康网络的循环缓冲依赖，与 `lfp deadlock` 的结果相同</translation>
    </message>
    <message>
        <source>Single Failures</source>
        <translation>单故障</translation>
    </message>
    <message>
        <source>Every single switch-link failure, re-routed (lfp deadlock --failures 1)</source>
        <translation>每条交换机间链路单独故障并重新路由（lfp deadlock --failures 1）</translation>
    </message>
    <message>
        <source>Double Failures</source>
        <translation>双故障</translation>
    </message>
    <message>
        <source>Every pair of switch-link failures, re-routed (lfp deadlock --failures 2)</source>
        <translation>每对交换机间链路同时故障并重新路由（lfp deadlock --failures 2）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Apply to Plan</source>
        <translation>应用到规划</translation>
    </message>
    <message>
        <source>Make the selected fix&apos;s plan change as one undoable step</source>
        <translation>将所选修复的规划变更作为一个可撤销的步骤应用</translation>
    </message>
    <message>
        <source>Cycles</source>
        <translation>环路</translation>
    </message>
    <message>
        <source>Dependencies of the cycle and the flows that make them</source>
        <translation>环路的依赖及产生它们的流</translation>
    </message>
    <message>
        <source>Fixes (checked by re-running the analysis)</source>
        <translation>修复方案（通过重新分析验证）</translation>
    </message>
    <message>
        <source>Failure sweep</source>
        <translation>故障扫描</translation>
    </message>
    <message>
        <source>Priorities</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>Buffers</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>Switches on the cycle</source>
        <translation>环路上的交换机</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Buffer</source>
        <translation>缓冲区</translation>
    </message>
    <message>
        <source>At</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>转向</translation>
    </message>
    <message>
        <source>Flows</source>
        <translation>流数</translation>
    </message>
    <message>
        <source>Example flows</source>
        <translation>示例流</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>修复</translation>
    </message>
    <message>
        <source>Removes</source>
        <translation>消除</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>代价</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Sets</source>
        <translation>集合数</translation>
    </message>
    <message>
        <source>Host pairs lost</source>
        <translation>失去路径的主机对</translation>
    </message>
    <message>
        <source>Failed links</source>
        <translation>故障链路</translation>
    </message>
    <message>
        <source>Not analysed yet: Analyse, or run a failure sweep.</source>
        <translation>尚未分析：请点击“分析”，或运行故障扫描。</translation>
    </message>
    <message>
        <source>Deadlock analysis</source>
        <translation>死锁分析</translation>
    </message>
    <message>
        <source>Double-failure sweep</source>
        <translation>双故障扫描</translation>
    </message>
    <message>
        <source>Single-failure sweep</source>
        <translation>单故障扫描</translation>
    </message>
    <message>
        <source>%1: starting…</source>
        <translation>%1：正在启动…</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>about %1 s left</source>
        <translation>约剩 %1 秒</translation>
    </message>
    <message>
        <source>estimating</source>
        <translation>正在估算</translation>
    </message>
    <message>
        <source>%1: %2 of %3 %4, %5</source>
        <translation>%1：%2 / %3 %4，%5</translation>
    </message>
    <message>
        <source>The analysis failed: %1</source>
        <translation>分析失败：%1</translation>
    </message>
    <message>
        <source>Finished in %1 s</source>
        <translation>用时 %1 秒完成</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>A routing loop: every dependency is made by one destination</source>
        <translation>路由环路：每个依赖都由同一个目的地产生</translation>
    </message>
    <message>
        <source>healthy</source>
        <translation>健康</translation>
    </message>
    <message>
        <source>failed: %1</source>
        <translation>故障：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n cyclic component(s) in the healthy fabric: PFC deadlock is possible.</source>
        <translation>
            <numerusform>健康网络中有 %n 个循环分量：可能发生 PFC 死锁。</numerusform>
        </translation>
    </message>
    <message>
        <source>The healthy fabric has no cyclic buffer dependency (%1 buffers, %2 dependencies).</source>
        <translation>健康网络没有循环缓冲依赖（%1 个缓冲区，%2 个依赖）。</translation>
    </message>
    <message>
        <source>Failure sweep: %1 of %2 failure sets analysed, %3 with cycles, %4 with lost lossless paths.</source>
        <translation>故障扫描：已分析 %2 个故障集中的 %1 个，%3 个出现环路，%4 个失去无损路径。</translation>
    </message>
    <message>
        <source>not checked</source>
        <translation>未验证</translation>
    </message>
    <message>
        <source>every cycle</source>
        <translation>全部环路</translation>
    </message>
    <message>
        <source>this cycle</source>
        <translation>此环路</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>failure sets</source>
        <translation>故障集</translation>
    </message>
    <message>
        <source>routing and dependencies</source>
        <translation>路由与依赖</translation>
    </message>
    <message>
        <source>forwarding trees</source>
        <translation>转发树</translation>
    </message>
    <message>
        <source>sets</source>
        <translation>个集合</translation>
    </message>
    <message>
        <source>destinations</source>
        <translation>个目的地</translation>
    </message>
    <message>
        <source>destination LIDs</source>
        <translation>个目的 LID</translation>
    </message>
    <message>
        <source>Up*/down* only</source>
        <translation>仅 Up*/down*</translation>
    </message>
    <message>
        <source>Demote bounced packets</source>
        <translation>降级折返报文</translation>
    </message>
    <message>
        <source>Tagger priorities</source>
        <translation>Tagger 优先级</translation>
    </message>
    <message>
        <source>Static routes</source>
        <translation>静态路由</translation>
    </message>
    <message>
        <source>Restore the link</source>
        <translation>恢复链路</translation>
    </message>
    <message>
        <source>Routing engine</source>
        <translation>路由引擎</translation>
    </message>
    <message>
        <source>Route lossless traffic on up*/down* (valley-free) paths only</source>
        <translation>无损流量只走 up*/down*（无谷）路径</translation>
    </message>
    <message>
        <source>Re-mark bounced packets to a lossy priority at the bounce switches</source>
        <translation>在折返交换机上把折返报文重标记为有损优先级</translation>
    </message>
    <message>
        <source>A bounced packet moves to the next lossless priority</source>
        <translation>折返报文改用下一个无损优先级</translation>
    </message>
    <message>
        <source>Static routes that narrow ECMP at the cycle&apos;s switches</source>
        <translation>在环路上的交换机用静态路由收窄 ECMP</translation>
    </message>
    <message>
        <source>Repair the failed link</source>
        <translation>修复故障链路</translation>
    </message>
    <message>
        <source>Re-route with a deadlock-free OpenSM routing engine</source>
        <translation>使用无死锁的 OpenSM 路由引擎重新路由</translation>
    </message>
    <message>
        <source>host pairs without a lossless path</source>
        <translation>个主机对失去无损路径</translation>
    </message>
    <message>
        <source>destination switches with bounced (demoted) traffic</source>
        <translation>个目的交换机有折返（降级）流量</translation>
    </message>
    <message>
        <source>extra lossless priorities</source>
        <translation>个额外无损优先级</translation>
    </message>
    <message>
        <source>static routes</source>
        <translation>条静态路由</translation>
    </message>
    <message>
        <source>links</source>
        <translation>条链路</translation>
    </message>
    <message>
        <source>VLs</source>
        <translation>个 VL</translation>
    </message>
    <message>
        <source>VLs (layers) needed</source>
        <translation>个所需 VL（层）</translation>
    </message>
    <message>
        <source>up → down</source>
        <translation>上 → 下</translation>
    </message>
    <message>
        <source>down → up (bounce)</source>
        <translation>下 → 上（折返）</translation>
    </message>
    <message>
        <source>up → up</source>
        <translation>上 → 上</translation>
    </message>
    <message>
        <source>down → down</source>
        <translation>下 → 下</translation>
    </message>
    <message numerus="yes">
        <source>%n host pair(s) without a lossless path</source>
        <translation>
            <numerusform>%n 个主机对失去无损路径</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n destination switch(es) with bounced (demoted) traffic</source>
        <translation>
            <numerusform>%n 个目的交换机有折返（降级）流量</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n extra lossless priority(-ies)</source>
        <translation>
            <numerusform>%n 个额外无损优先级</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n static route(s)</source>
        <translation>
            <numerusform>%n 条静态路由</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s)</source>
        <translation>
            <numerusform>%n 条链路</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n VL(s)</source>
        <translation>
            <numerusform>%n 个 VL</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n VL(s) (layers) needed</source>
        <translation>
            <numerusform>需要 %n 个 VL（层）</numerusform>
        </translation>
    </message>
    <message>
        <source>Deadlock analysis: nothing analysed, no destination was routed — no verdict (LFP-DEADLOCK-NOTHING-COVERED)</source>
        <translation>死锁分析：未分析任何内容，没有路由到任何目的地——无结论（LFP-DEADLOCK-NOTHING-COVERED）</translation>
    </message>
    <message>
        <source>Deadlock analysis: none of the %1 switch-to-switch buffers is lossless (LFP-DEADLOCK-NO-LOSSLESS-BUFFER)</source>
        <translation>死锁分析：%1 个交换机间缓冲区均非无损（LFP-DEADLOCK-NO-LOSSLESS-BUFFER）</translation>
    </message>
    <message numerus="yes">
        <source>Deadlock analysis: %n cyclic component(s) in the buffer dependencies (%1 s)</source>
        <translation>
            <numerusform>死锁分析:缓冲依赖中有 %n 个成环分量(%1 秒)</numerusform>
        </translation>
    </message>
    <message>
        <source>Deadlock analysis: no cycle among %1 buffers (%2 s)</source>
        <translation>死锁分析:%1 个缓冲之间没有环(%2 秒)</translation>
    </message>
    <message>
        <source>failure sweep: %1 of %2 failure sets analysed, %3 with cycles</source>
        <translation>故障扫描：已分析 %2 个故障组合中的 %1 个，其中 %3 个有环</translation>
    </message>
    <message>
        <source>Nothing analysed: no destination was routed (no host is attached to a switch), so there is no verdict (LFP-DEADLOCK-NOTHING-COVERED).</source>
        <translation>未分析任何内容：没有路由到任何目的地（没有主机连接到交换机），因此没有结论（LFP-DEADLOCK-NOTHING-COVERED）。</translation>
    </message>
    <message>
        <source>None of the %1 switch-to-switch buffers is lossless: no PFC deadlock can form, and no traffic is lossless either (LFP-DEADLOCK-NO-LOSSLESS-BUFFER).</source>
        <translation>%1 个交换机间缓冲区均非无损：不会形成 PFC 死锁，但也没有任何流量是无损的（LFP-DEADLOCK-NO-LOSSLESS-BUFFER）。</translation>
    </message>
    <message numerus="yes">
        <source>%n switch port(s) re-tag lossless traffic, so this was decided by following each packet&apos;s DSCP through every port&apos;s classes, queues and remarks (%1 dependencies).</source>
        <translation>
            <numerusform>%n 个交换机端口会逐跳重新标记无损流量，因此本结论是沿每个报文的 DSCP 逐端口跟踪其流量类、队列和重标记得出的（%1 个依赖）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Deadlock fix: Tagger tag plan (a lossless priority per bounce, re-tagged per port)</source>
        <translation>死锁修复：Tagger 标记方案（每次反弹一个无损优先级，按端口重新标记）</translation>
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
        <source>traditional (planner&apos;s xon / xoff / size)</source>
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
            <numerusform>%1：%n 个文件（另加 manifest.json）；</numerusform>
        </translation>
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
            <numerusform>已将 %n 个文件和 manifest.json 写入 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>
Fix: %1</source>
        <translation>
修复建议：%1</translation>
    </message>
    <message>
        <source>The software release the configuration is written for (lfp export --target-release); the first is the target&apos;s default</source>
        <translation>配置所针对的软件版本（lfp export --target-release）；第一项为该目标的默认版本</translation>
    </message>
    <message>
        <source>Target r&amp;elease:</source>
        <translation>目标版本(&amp;E)：</translation>
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
    <message>
        <source>Pod %1</source>
        <translation>Pod %1</translation>
    </message>
    <message>
        <source>Group %1</source>
        <translation>组 %1</translation>
    </message>
    <message>
        <source>%1 spines · %2 leaves · %3 hosts</source>
        <translation>%1 台脊交换机 · %2 台叶交换机 · %3 台主机</translation>
    </message>
    <message>
        <source>%1 rails · %2 servers</source>
        <translation>%1 条轨道 · %2 台服务器</translation>
    </message>
    <message>
        <source>Double-click to expand</source>
        <translation>双击展开</translation>
    </message>
    <message>
        <source>Double-click to collapse %1</source>
        <translation>双击折叠 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n parallel link(s)</source>
        <translation>
            <numerusform>%n 条并行链路</numerusform>
        </translation>
    </message>
    <message>
        <source>Pods (%1)</source>
        <translation>Pod（%1）</translation>
    </message>
    <message>
        <source>Rail groups (%1)</source>
        <translation>轨道组（%1）</translation>
    </message>
    <message>
        <source>each: %1</source>
        <translation>每组：%1</translation>
    </message>
</context>
<context>
    <name>lfp::gui::FindingHelpDialog</name>
    <message>
        <source>**Severity:** %1</source>
        <translation>**严重性：** %1</translation>
    </message>
    <message>
        <source>**Message:** %1</source>
        <translation>**消息：** %1</translation>
    </message>
    <message>
        <source>**Fix:** %1</source>
        <translation>**修复：** %1</translation>
    </message>
    <message>
        <source>**Wordings:**</source>
        <translation>**措辞变体：**</translation>
    </message>
    <message>
        <source>Words in braces, such as {port}, are filled in from the finding.</source>
        <translation>花括号中的词（例如 {port}）由具体发现填入。</translation>
    </message>
    <message>
        <source>docs/findings.md has no section for this code.</source>
        <translation>docs/findings.md 中没有此代码的章节。</translation>
    </message>
    <message>
        <source>### From docs/findings.md (English)</source>
        <translation>### 摘自 docs/findings.md（英文）</translation>
    </message>
    <message>
        <source>Finding Codes</source>
        <translation>发现代码</translation>
    </message>
    <message>
        <source>Filter codes and titles</source>
        <translation>按代码和标题筛选</translation>
    </message>
    <message>
        <source>### From docs/zh_CN/findings.md</source>
        <translation>### 摘自 docs/zh_CN/findings.md</translation>
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
        <translation>没有检查结果：设计通过了全部检查（缓冲、缓冲余量、ECN 先于 PFC、ETS、每条链路的两端、主机网卡、路径、PFC watchdog、CNP）。</translation>
    </message>
    <message>
        <source>Select a finding to see its evidence and the suggested fix; its objects are highlighted in the diagram and the device tree.</source>
        <translation>选择一条检查结果以查看其依据和修复建议；其涉及的对象会在拓扑图和设备树中突出显示。</translation>
    </message>
    <message>
        <source>Explain the selected finding&apos;s code (F1)</source>
        <translation>解释所选发现的代码（F1）</translation>
    </message>
</context>
<context>
    <name>lfp::gui::HeadroomDialog</name>
    <message>
        <source>Headroom Calculator</source>
        <translation>缓冲余量计算器</translation>
    </message>
</context>
<context>
    <name>lfp::gui::HeadroomExplainer</name>
    <message>
        <source>%1 B (%2 KiB)</source>
        <translation>%1 B（%2 KiB）</translation>
    </message>
    <message>
        <source>Apply to Plan</source>
        <translation>应用到规划</translation>
    </message>
    <message>
        <source>Reset to Plan</source>
        <translation>恢复为规划值</translation>
    </message>
    <message>
        <source>The lossless priorities of the port&apos;s policy; each has its own PG with the same headroom</source>
        <translation>端口策略中的无损优先级；每个优先级有自己的 PG，缓冲余量相同</translation>
    </message>
    <message>
        <source>Make the what-if values the plan&apos;s (one step, Ctrl+Z undoes it)</source>
        <translation>将假设值写入规划（一步操作，Ctrl+Z 可撤销）</translation>
    </message>
    <message>
        <source>Back to the port&apos;s planned values</source>
        <translation>恢复为端口的规划值</translation>
    </message>
    <message>
        <source>%1 m</source>
        <translation>%1 米</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>Priority</source>
        <translation>优先级</translation>
    </message>
    <message>
        <source>ASIC</source>
        <translation>ASIC</translation>
    </message>
    <message>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>Port MTU</source>
        <translation>端口 MTU</translation>
    </message>
    <message>
        <source>priority %1 (PG %2)</source>
        <translation>优先级 %1（PG %2）</translation>
    </message>
    <message>
        <source>Policy %1</source>
        <translation>策略 %1</translation>
    </message>
    <message>
        <source>no lossless priority: one PG shown</source>
        <translation>无无损优先级：按一个 PG 显示</translation>
    </message>
    <message>
        <source>one lossless PG</source>
        <translation>一个无损 PG</translation>
    </message>
    <message>
        <source>No result.</source>
        <translation>无结果。</translation>
    </message>
    <message>
        <source>Select a switch port to explain its headroom; the sliders are a calculator until then.</source>
        <translation>选择一个交换机端口以解释其缓冲余量；在此之前滑块作为计算器使用。</translation>
    </message>
    <message>
        <source>xon %1 · xoff %2 · size %3 per PG</source>
        <translation>每个 PG：xon %1 · xoff %2 · size %3</translation>
    </message>
    <message>
        <source>xoff is charged to the shared headroom pool.</source>
        <translation>xoff 计入共享缓冲余量池。</translation>
    </message>
    <message>
        <source>Model &quot;%1&quot;, follows %2.</source>
        <translation>模型“%1”，依据 %2。</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>项</translation>
    </message>
    <message>
        <source>Factors, rounding, compensation</source>
        <translation>系数、取整、补偿</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>%1 rest → %2</source>
        <translation>%1 其余 → %2</translation>
    </message>
    <message>
        <source>What the terms named in %1&apos;s formula do not add up to: %2</source>
        <translation>%1 公式中列出的各项之和以外的部分：%2</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>%1 bit times / 8</source>
        <translation>%1 比特时间 / 8</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>No headroom to explain</source>
        <translation>没有可解释的缓冲余量</translation>
    </message>
    <message>
        <source>How the headroom adds up (bytes per PG)</source>
        <translation>缓冲余量的构成（每 PG 字节数）</translation>
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
        <translation>共享缓冲余量池超额订阅比（0 = 不使用共享缓冲余量池）</translation>
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
        <translation>共享缓冲余量</translation>
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
        <translation>发送 XON 后保留的缓冲：暂停解除期间到达的数据</translation>
    </message>
    <message>
        <source>Buffer between the PFC trigger and the last byte in flight after PAUSE</source>
        <translation>从触发 PFC 到 PAUSE 后最后一个在途字节之间所需的缓冲</translation>
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
        <translation>选择一个交换机端口以查看其无损优先级组的缓冲余量。</translation>
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
        <source>%1 has no known ASIC profile (&quot;%2&quot;); the calculator keeps its inputs.</source>
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
        <translation>未连接链路：SONiC 不为其分配缓冲；按 0 m 线缆显示。</translation>
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
        <source>Per lossless PG (policy %1, %n lossless priorities); inputs from the port, its link and %2&apos;s ASIC and buffer settings.</source>
        <translation>
            <numerusform>每个无损 PG（策略 %1，%n 个无损优先级）；输入取自该端口、其链路以及 %2 的 ASIC 和缓冲设置。</numerusform>
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
        <source>&quot;%1&quot; is not a speed (e.g. 100G, 400G).</source>
        <translation>“%1”不是有效速率（例如 100G、400G）。</translation>
    </message>
    <message>
        <source>Model &quot;%1&quot;, follows %2.</source>
        <translation>模型“%1”，依据 %2。</translation>
    </message>
    <message>
        <source>Size is reserved per PG; xoff is charged to the shared headroom pool.</source>
        <translation>size 按 PG 预留；xoff 计入共享缓冲余量池。</translation>
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
        <source>Make the what-if inputs the plan&apos;s values for this port (one undoable edit)</source>
        <translation>将假设分析的输入设为此端口在规划中的值（一次可撤销的编辑）</translation>
    </message>
    <message>
        <source>The inputs no longer match the port: Apply to Plan makes them the plan&apos;s, or select the port again to reset.</source>
        <translation>输入已与端口不一致：点击“应用到规划”使其成为规划值，或重新选择该端口以恢复。</translation>
    </message>
</context>
<context>
    <name>lfp::gui::HeadroomTermsModel</name>
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
</context>
<context>
    <name>lfp::gui::ImportDialog</name>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Add Files…</source>
        <translation>添加文件…</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Read and Compare</source>
        <translation>读取并比较</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Files:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>What the import adds and changes</source>
        <translation>导入将添加和更改的内容</translation>
    </message>
    <message>
        <source>Read the files to see the changes.</source>
        <translation>读取文件以查看更改。</translation>
    </message>
    <message>
        <source>Keep Plan</source>
        <translation>保留规划</translation>
    </message>
    <message>
        <source>Take Source</source>
        <translation>采用来源</translation>
    </message>
    <message>
        <source>Keep Plan for All</source>
        <translation>全部保留规划</translation>
    </message>
    <message>
        <source>Take Source for All</source>
        <translation>全部采用来源</translation>
    </message>
    <message>
        <source>The selected conflicts keep what the plan says</source>
        <translation>所选冲突保留规划中的值</translation>
    </message>
    <message>
        <source>The selected conflicts take what the source says</source>
        <translation>所选冲突采用来源中的值</translation>
    </message>
    <message>
        <source>Selected conflicts:</source>
        <translation>所选冲突：</translation>
    </message>
    <message>
        <source>What the source does not say</source>
        <translation>来源未提供的内容</translation>
    </message>
    <message>
        <source>Leave empty</source>
        <translation>留空</translation>
    </message>
    <message>
        <source>ASIC of switches without one:</source>
        <translation>未指定 ASIC 的交换机使用：</translation>
    </message>
    <message>
        <source>Policy of roles without a binding:</source>
        <translation>未绑定策略的角色使用：</translation>
    </message>
    <message>
        <source>Apply Import</source>
        <translation>应用导入</translation>
    </message>
    <message>
        <source>Files to Import</source>
        <translation>要导入的文件</translation>
    </message>
    <message>
        <source>Reads: %1</source>
        <translation>读取：%1</translation>
    </message>
    <message>
        <source>Choose a format.</source>
        <translation>请选择格式。</translation>
    </message>
    <message>
        <source>Add at least one file.</source>
        <translation>请至少添加一个文件。</translation>
    </message>
    <message>
        <source>Cannot read the source: %1</source>
        <translation>无法读取来源：%1</translation>
    </message>
    <message>
        <source>Read %1 devices and %2 links. %3 links agree with the plan; %4 objects to add, %5 conflicts, %6 objects only in the plan (kept).</source>
        <translation>已读取 %1 台设备、%2 条链路。%3 条链路与规划一致；待添加 %4 个对象，%5 处冲突，%6 个对象仅在规划中（保留）。</translation>
    </message>
    <message numerus="yes">
        <source>%n reader warning(s): see the tooltip.</source>
        <translation>
            <numerusform>读取器有 %n 条警告：见工具提示。</numerusform>
        </translation>
    </message>
    <message>
        <source>Bind none</source>
        <translation>不绑定</translation>
    </message>
    <message>
        <source>%1 (default RoCE policy, added)</source>
        <translation>%1（默认 RoCE 策略，将添加）</translation>
    </message>
    <message>
        <source>Read the files first.</source>
        <translation>请先读取文件。</translation>
    </message>
    <message>
        <source>Resolve every conflict first.</source>
        <translation>请先解决所有冲突。</translation>
    </message>
    <message numerus="yes">
        <source>Import %1 (%n file(s))</source>
        <translation>
            <numerusform>导入 %1（%n 个文件）</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing read yet.</source>
        <translation>尚未读取任何内容。</translation>
    </message>
    <message numerus="yes">
        <source>%n conflict(s) unresolved: choose Keep Plan or Take Source for each.</source>
        <translation>
            <numerusform>%n 处冲突未解决：请为每处选择“保留规划”或“采用来源”。</numerusform>
        </translation>
    </message>
    <message>
        <source>Ready: Apply adds the import to the plan as one step (Edit ▸ Undo takes it back).</source>
        <translation>就绪：“应用”将导入作为一步加入规划（“编辑 ▸ 撤销”可撤回）。</translation>
    </message>
</context>
<context>
    <name>lfp::gui::ImportPreviewModel</name>
    <message>
        <source>Link peer</source>
        <translation>链路对端</translation>
    </message>
    <message>
        <source>Cable length</source>
        <translation>线缆长度</translation>
    </message>
    <message>
        <source>Cable medium</source>
        <translation>线缆介质</translation>
    </message>
    <message>
        <source>Port speed</source>
        <translation>端口速率</translation>
    </message>
    <message>
        <source>Port MTU</source>
        <translation>端口 MTU</translation>
    </message>
    <message>
        <source>Port FEC</source>
        <translation>端口 FEC</translation>
    </message>
    <message>
        <source>Node GUID</source>
        <translation>节点 GUID</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>Port override</source>
        <translation>端口覆盖</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>Keep plan</source>
        <translation>保留规划</translation>
    </message>
    <message>
        <source>Take source</source>
        <translation>采用来源</translation>
    </message>
    <message>
        <source>Unresolved</source>
        <translation>未解决</translation>
    </message>
    <message>
        <source>Ports: %1</source>
        <translation>端口：%1</translation>
    </message>
    <message>
        <source>Conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Only in plan</source>
        <translation>仅在规划中</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>added</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>What</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>规划</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>处理方式</translation>
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
    <message>
        <source>Deadlock</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>Cycle</source>
        <translation>环路</translation>
    </message>
    <message>
        <source>Failed link</source>
        <translation>故障链路</translation>
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
        <translation>&lt;h3&gt;无损网络规划器 %1&lt;/h3&gt;&lt;p&gt;规划无损 RDMA 网络（RoCEv2 与 InfiniBand）：拓扑、布线、QoS 策略、PFC 缓冲余量与缓冲预算。&lt;/p&gt;&lt;p&gt;依据 GNU GPL 第 3 版或更高版本授权。&lt;/p&gt;</translation>
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
        <translation>缓冲余量</translation>
    </message>
    <message>
        <source>Buffer Budget</source>
        <translation>缓冲预算</translation>
    </message>
    <message>
        <source>&amp;Run Checks</source>
        <translation>运行检查(&amp;R)</translation>
    </message>
    <message>
        <source>Run every design check (buffers, headroom, ECN, policies) in the background, as `lfp check` does</source>
        <translation>在后台运行全部设计检查（缓冲、缓冲余量、ECN、策略），与 `lfp check` 相同</translation>
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
        <translation>按手动输入计算 PFC 缓冲余量（xon、xoff、size），逐项说明，与 `lfp headroom` 相同</translation>
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
        <translation>选择一个交换机端口（在设备树中，或在拓扑图中选择链路）以查看其 缓冲余量。</translation>
    </message>
    <message>
        <source>Select a switch (or one of its ports) to see its buffer budget.</source>
        <translation>选择一台交换机（或其端口）以查看其缓冲预算。</translation>
    </message>
    <message>
        <source>Select one of %1&apos;s ports (or a link) to see its headroom.</source>
        <translation>选择 %1 的一个端口（或一条链路）以查看其 缓冲余量。</translation>
    </message>
    <message>
        <source>Headroom is reserved on switch ports; select a switch port.</source>
        <translation>Headroom 在交换机端口上预留；请选择交换机端口。</translation>
    </message>
    <message>
        <source>%1 is a host: buffers are planned per switch. Select a switch.</source>
        <translation>%1 是主机：缓冲按交换机规划。请选择一台交换机。</translation>
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
        <extracomment>a list of three counts: &quot;1 error, 0 warnings, 0 notes&quot;</extracomment>
        <translation>%1，%2，%3</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <extracomment>a list of two counts: &quot;1 error, 0 warnings&quot;</extracomment>
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
            <numerusform>已在 %n 个对象上将 %1 设为 %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Apply headroom what-if</source>
        <translation>应用缓冲余量假设分析</translation>
    </message>
    <message>
        <source>Cannot apply the what-if</source>
        <translation>无法应用假设分析</translation>
    </message>
    <message numerus="yes">
        <source>Applied the headroom what-if to the plan (%n change(s)); Ctrl+Z undoes it</source>
        <translation>
            <numerusform>已将缓冲余量假设分析应用到规划（%n 处更改）；按 Ctrl+Z 撤销</numerusform>
        </translation>
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
    <message>
        <source>&amp;Find Device or Port…</source>
        <translation>查找设备或端口(&amp;F)…</translation>
    </message>
    <message>
        <source>Find a device or port by name; Enter goes to the next match</source>
        <translation>按名称查找设备或端口；按 Enter 跳到下一个匹配项</translation>
    </message>
    <message>
        <source>Find device or port (Ctrl+F)</source>
        <translation>查找设备或端口 (Ctrl+F)</translation>
    </message>
    <message>
        <source>No device or port matches &quot;%1&quot;</source>
        <translation>没有与“%1”匹配的设备或端口</translation>
    </message>
    <message>
        <source> (first %1 of %2 shown)</source>
        <translation>（显示 %2 个中的前 %1 个）</translation>
    </message>
    <message>
        <source>%1 — match %2 of %3%4</source>
        <translation>%1 — 第 %2 个匹配，共 %3 个%4</translation>
    </message>
    <message>
        <source>an untitled fabric</source>
        <translation>未命名的网络</translation>
    </message>
    <message>
        <source>Recover Unsaved Changes</source>
        <translation>恢复未保存的更改</translation>
    </message>
    <message>
        <source>Lossless Fabric Planner closed before changes to %1 were saved.</source>
        <translation>Lossless Fabric Planner 在保存对 %1 的更改之前已关闭。</translation>
    </message>
    <message numerus="yes">
        <source>%n edit(s) were autosaved at %1. Recover them? They are not saved to the project until you save.</source>
        <translation>
            <numerusform>%1 自动保存了 %n 处编辑。要恢复吗？在您保存之前，它们不会写入项目。</numerusform>
        </translation>
    </message>
    <message>
        <source>Recover</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>丢弃</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message>
        <source>Cannot recover the unsaved changes</source>
        <translation>无法恢复未保存的更改</translation>
    </message>
    <message numerus="yes">
        <source>Recovered %n unsaved edit(s) from %1; save to keep them.</source>
        <translation>
            <numerusform>已恢复 %1 的 %n 处未保存编辑；请保存以保留它们。</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;opened&gt;</source>
        <translation>&lt;已打开&gt;</translation>
    </message>
    <message>
        <source>Undo History</source>
        <translation>撤销历史</translation>
    </message>
    <message>
        <source>Add &amp;Switch…</source>
        <translation>添加交换机(&amp;S)…</translation>
    </message>
    <message>
        <source>Add a switch with numbered ports</source>
        <translation>添加一台带编号端口的交换机</translation>
    </message>
    <message>
        <source>Add H&amp;ost…</source>
        <translation>添加主机(&amp;O)…</translation>
    </message>
    <message>
        <source>Add &amp;Port…</source>
        <translation>添加端口(&amp;P)…</translation>
    </message>
    <message>
        <source>Add &amp;Link…</source>
        <translation>添加链路(&amp;L)…</translation>
    </message>
    <message>
        <source>Link two free ports</source>
        <translation>连接两个空闲端口</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Run &amp;Deadlock Analysis</source>
        <translation>运行死锁分析(&amp;D)</translation>
    </message>
    <message>
        <source>Look for PFC deadlock cycles in the routing (ECMP), in the background</source>
        <translation>在后台查找路由(ECMP)中的 PFC 死锁环</translation>
    </message>
    <message>
        <source>Remove the selected devices, ports or links (a device with its ports and links)</source>
        <translation>删除所选设备、端口或链路(设备连同其端口和链路)</translation>
    </message>
    <message>
        <source>%1; Ctrl+Z undoes it</source>
        <translation>%1;按 Ctrl+Z 撤销</translation>
    </message>
    <message>
        <source>Removed %1%2; Ctrl+Z undoes it</source>
        <translation>已删除 %1%2;按 Ctrl+Z 撤销</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> 等另外 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>Select the devices, ports or links to delete</source>
        <translation>请选择要删除的设备、端口或链路</translation>
    </message>
    <message>
        <source>Checking</source>
        <translation>正在检查</translation>
    </message>
    <message>
        <source>Deadlock analysis</source>
        <translation>死锁分析</translation>
    </message>
    <message>
        <source>Deadlock analysis cancelled</source>
        <translation>死锁分析已取消</translation>
    </message>
    <message>
        <source>Deadlock analysis failed: %1</source>
        <translation>死锁分析失败:%1</translation>
    </message>
    <message>
        <source>Budget Chart</source>
        <translation>预算图表</translation>
    </message>
    <message>
        <source>Headroom Explainer</source>
        <translation>缓冲余量解释</translation>
    </message>
    <message>
        <source>Threshold Templates</source>
        <translation>阈值模板</translation>
    </message>
    <message>
        <source>&amp;Finding Codes…</source>
        <translation>发现代码(&amp;F)…</translation>
    </message>
    <message>
        <source>What each finding code means and how to fix it (the registry and docs/findings.md)</source>
        <translation>每个发现代码的含义及修复方法（来自注册表和 docs/findings.md）</translation>
    </message>
    <message>
        <source>&amp;New Fabric…</source>
        <translation>新建网络(&amp;N)…</translation>
    </message>
    <message>
        <source>Generate a leaf-spine, fat-tree or rail-optimised fabric</source>
        <translation>生成叶脊、胖树或轨道优化网络</translation>
    </message>
    <message>
        <source>Untitled (not saved)</source>
        <translation>未命名（未保存）</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Read LLDP, ibnetdiscover, SONiC, NetBox, CSV… and merge it onto the plan, as `lfp import --merge` does</source>
        <translation>读取 LLDP、ibnetdiscover、SONiC、NetBox、CSV… 并合并到规划中，与 `lfp import --merge` 相同</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System Language</source>
        <translation>系统语言</translation>
    </message>
    <message>
        <source>The language changes when LFP starts again.</source>
        <translation>重新启动 LFP 后语言才会更改。</translation>
    </message>
    <message>
        <source>Source commit %1</source>
        <translation>源代码提交 %1</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>The manual: a first plan step by step, the window, the command line, the formulas</source>
        <translation>手册：一步步完成第一个规划，以及窗口、命令行和公式</translation>
    </message>
</context>
<context>
    <name>lfp::gui::NewFabricWizard</name>
    <message>
        <source>New Fabric</source>
        <translation>新建网络</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>The shape of the fabric to generate (as lfp generate).</source>
        <translation>要生成的网络结构（与 lfp generate 相同）。</translation>
    </message>
    <message>
        <source>Leaf-spine (two tiers, every leaf to every spine)</source>
        <translation>叶脊（两层，每个叶交换机连接每个脊交换机）</translation>
    </message>
    <message>
        <source>Fat-tree (three-tier k-ary, k³/4 hosts)</source>
        <translation>胖树（三层 k 元，k³/4 台主机）</translation>
    </message>
    <message>
        <source>Rail-optimised GPU cluster</source>
        <translation>轨道优化 GPU 集群</translation>
    </message>
    <message>
        <source>Topology:</source>
        <translation>拓扑：</translation>
    </message>
    <message>
        <source>Sizes</source>
        <translation>规模</translation>
    </message>
    <message>
        <source>Switch and host counts.</source>
        <translation>交换机和主机数量。</translation>
    </message>
    <message>
        <source>Spines:</source>
        <translation>脊交换机：</translation>
    </message>
    <message>
        <source>Leaves:</source>
        <translation>叶交换机：</translation>
    </message>
    <message>
        <source>Hosts per leaf:</source>
        <translation>每个叶交换机的主机数：</translation>
    </message>
    <message>
        <source>Switch radix k (even):</source>
        <translation>交换机端口数 k（偶数）：</translation>
    </message>
    <message>
        <source>half the leaf ports</source>
        <translation>叶交换机端口数的一半</translation>
    </message>
    <message>
        <source>GPU servers:</source>
        <translation>GPU 服务器：</translation>
    </message>
    <message>
        <source>GPUs (NICs) per server:</source>
        <translation>每台服务器的 GPU（网卡）数：</translation>
    </message>
    <message>
        <source>Rails:</source>
        <translation>轨道数：</translation>
    </message>
    <message>
        <source>Ports per leaf:</source>
        <translation>每个叶交换机的端口数：</translation>
    </message>
    <message>
        <source>Speeds</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>Port speeds such as 100G, 400G or 800G, and the MTU in bytes.</source>
        <translation>端口速率（如 100G、400G 或 800G）以及以字节为单位的 MTU。</translation>
    </message>
    <message>
        <source>Host NIC speed:</source>
        <translation>主机网卡速率：</translation>
    </message>
    <message>
        <source>Switch-to-switch speed:</source>
        <translation>交换机间速率：</translation>
    </message>
    <message>
        <source>MTU (bytes):</source>
        <translation>MTU（字节）：</translation>
    </message>
    <message>
        <source>Switch ASIC</source>
        <translation>交换机 ASIC</translation>
    </message>
    <message>
        <source>The ASIC profile of every switch (the buffer and headroom model), and the switch model.</source>
        <translation>每台交换机的 ASIC 配置（缓冲与缓冲余量模型）以及交换机型号。</translation>
    </message>
    <message>
        <source>default: a platform of the ASIC</source>
        <translation>默认：该 ASIC 的一个平台</translation>
    </message>
    <message>
        <source>ASIC profile:</source>
        <translation>ASIC 配置：</translation>
    </message>
    <message>
        <source>Switch model:</source>
        <translation>交换机型号：</translation>
    </message>
    <message>
        <source>Lossless policy</source>
        <translation>无损策略</translation>
    </message>
    <message>
        <source>The RoCE policy bound to every role: PFC priorities, DSCP marking and ECN.</source>
        <translation>绑定到每个角色的 RoCE 策略：PFC 优先级、DSCP 标记和 ECN。</translation>
    </message>
    <message>
        <source>Bind the default RoCE policy to every role</source>
        <translation>将默认 RoCE 策略绑定到每个角色</translation>
    </message>
    <message>
        <source>3 (comma-separated, e.g. 3,4)</source>
        <translation>3（逗号分隔，例如 3,4）</translation>
    </message>
    <message>
        <source>26 for priority 3, else 8p+2</source>
        <translation>优先级 3 为 26，其余为 8p+2</translation>
    </message>
    <message>
        <source>Kmin,Kmax,Pmax, e.g. 150KB,1500KB,10%</source>
        <translation>Kmin,Kmax,Pmax，例如 150KB,1500KB,10%</translation>
    </message>
    <message>
        <source>Lossless priorities:</source>
        <translation>无损优先级：</translation>
    </message>
    <message>
        <source>RoCE DSCP:</source>
        <translation>RoCE DSCP：</translation>
    </message>
    <message>
        <source>CNP DSCP:</source>
        <translation>CNP DSCP：</translation>
    </message>
    <message>
        <source>ECN:</source>
        <translation>ECN：</translation>
    </message>
    <message>
        <source>SONiC (Ethernet0, Ethernet8: first lane)</source>
        <translation>SONiC（Ethernet0、Ethernet8：按首条通道编号）</translation>
    </message>
    <message>
        <source>Cumulus / NVUE (swp1, swp2)</source>
        <translation>Cumulus / NVUE（swp1、swp2）</translation>
    </message>
    <message>
        <source>Arista EOS (Ethernet1/1, Ethernet2/1)</source>
        <translation>Arista EOS（Ethernet1/1、Ethernet2/1）</translation>
    </message>
    <message>
        <source>Cisco NX-OS (Ethernet1/1, Ethernet1/2)</source>
        <translation>Cisco NX-OS（Ethernet1/1、Ethernet1/2）</translation>
    </message>
    <message>
        <source>Junos (et-0/0/0, et-0/0/1)</source>
        <translation>Junos（et-0/0/0、et-0/0/1）</translation>
    </message>
    <message>
        <source>Huawei CloudEngine (400GE1/0/1)</source>
        <translation>华为 CloudEngine（400GE1/0/1）</translation>
    </message>
    <message>
        <source>Port names:</source>
        <translation>端口名称：</translation>
    </message>
</context>
<context>
    <name>lfp::gui::OverlayToolBar</name>
    <message>
        <source>Overlays</source>
        <translation>叠加显示</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>缓冲余量</translation>
    </message>
    <message>
        <source>Colour links by the PG headroom (xon + xoff) of their switch ports: red above the threshold, green below</source>
        <translation>按交换机端口的 PG 缓冲余量（xon + xoff）为链路着色：超过阈值为红色，低于阈值为绿色</translation>
    </message>
    <message>
        <source> KB</source>
        <translation> KB</translation>
    </message>
    <message>
        <source>Headroom threshold per lossless PG (1 KB = 1000 bytes)</source>
        <translation>每个无损 PG 的缓冲余量阈值（1 KB = 1000 字节）</translation>
    </message>
    <message>
        <source>PFC Links</source>
        <translation>PFC 链路</translation>
    </message>
    <message>
        <source>Mark links whose both ends have lossless (PFC-enabled) priorities</source>
        <translation>标记两端都有无损（启用 PFC）优先级的链路</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>检查结果</translation>
    </message>
    <message>
        <source>Show the findings badges on the devices</source>
        <translation>在设备上显示检查结果标记</translation>
    </message>
    <message>
        <source>Deadlock Cycles</source>
        <translation>死锁环路</translation>
    </message>
    <message>
        <source>Show the cycles of the last deadlock analysis over their links</source>
        <translation>在链路上显示上次死锁分析找到的环路</translation>
    </message>
</context>
<context>
    <name>lfp::gui::PolicyClassModel</name>
    <message>
        <source>strict</source>
        <translation>严格优先</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <source>Ingress priority group of the traffic class (0..7)</source>
        <translation>该流量类别的入口优先级组（0..7）</translation>
    </message>
    <message>
        <source>Egress queue of the traffic class (0..7)</source>
        <translation>该流量类别的出口队列（0..7）</translation>
    </message>
    <message>
        <source>PFC enabled on this priority</source>
        <translation>此优先级启用 PFC</translation>
    </message>
    <message>
        <source>Scheduling of the class&apos;s egress queue: strict, or a DWRR weight in percent</source>
        <translation>该类别出口队列的调度：严格优先，或 DWRR 权重（百分比）</translation>
    </message>
    <message>
        <source>TC %1</source>
        <translation>TC %1</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>PG</source>
        <translation>PG</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message>
        <source>Lossless</source>
        <translation>无损</translation>
    </message>
    <message>
        <source>ETS</source>
        <translation>ETS</translation>
    </message>
</context>
<context>
    <name>lfp::gui::PolicyDscpModel</name>
    <message>
        <source>DSCP %1</source>
        <translation>DSCP %1</translation>
    </message>
    <message>
        <source>Traffic class</source>
        <translation>流量类别</translation>
    </message>
</context>
<context>
    <name>lfp::gui::PolicyEditor</name>
    <message>
        <source>Policy:</source>
        <translation>策略：</translation>
    </message>
    <message>
        <source>Classes</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>DSCP → TC</source>
        <translation>DSCP → TC</translation>
    </message>
    <message>
        <source>Trust:</source>
        <translation>信任：</translation>
    </message>
    <message>
        <source>RoCE priority:</source>
        <translation>RoCE 优先级：</translation>
    </message>
    <message>
        <source>RoCE DSCP:</source>
        <translation>RoCE DSCP：</translation>
    </message>
    <message>
        <source>CNP priority:</source>
        <translation>CNP 优先级：</translation>
    </message>
    <message>
        <source>CNP DSCP:</source>
        <translation>CNP DSCP：</translation>
    </message>
    <message>
        <source> B</source>
        <translation> B</translation>
    </message>
    <message>
        <source>ECN Kmin:</source>
        <translation>ECN Kmin：</translation>
    </message>
    <message>
        <source>ECN Kmax:</source>
        <translation>ECN Kmax：</translation>
    </message>
    <message>
        <source>ECN Pmax:</source>
        <translation>ECN Pmax：</translation>
    </message>
    <message>
        <source>e.g. 3 or 3,4</source>
        <translation>例如 3 或 3,4</translation>
    </message>
    <message>
        <source>ECN queues:</source>
        <translation>ECN 队列：</translation>
    </message>
    <message>
        <source>PFC watchdog enabled</source>
        <translation>启用 PFC 看门狗</translation>
    </message>
    <message>
        <source>e.g. 200ms</source>
        <translation>例如 200ms</translation>
    </message>
    <message>
        <source>Detection time:</source>
        <translation>检测时间：</translation>
    </message>
    <message>
        <source>Restoration time:</source>
        <translation>恢复时间：</translation>
    </message>
    <message>
        <source>Watchdog action:</source>
        <translation>看门狗动作：</translation>
    </message>
    <message>
        <source>RoCE, ECN, watchdog</source>
        <translation>RoCE、ECN、看门狗</translation>
    </message>
    <message>
        <source>NIC trust:</source>
        <translation>网卡信任：</translation>
    </message>
    <message>
        <source>NIC PFC priorities:</source>
        <translation>网卡 PFC 优先级：</translation>
    </message>
    <message>
        <source>DCQCN reaction point (reacts to CNPs)</source>
        <translation>DCQCN 反应点（响应 CNP）</translation>
    </message>
    <message>
        <source>DCQCN notification point (sends CNPs)</source>
        <translation>DCQCN 通知点（发送 CNP）</translation>
    </message>
    <message>
        <source>NIC CNP priority:</source>
        <translation>网卡 CNP 优先级：</translation>
    </message>
    <message>
        <source>NIC CNP DSCP:</source>
        <translation>网卡 CNP DSCP：</translation>
    </message>
    <message>
        <source>Host NICs</source>
        <translation>主机网卡</translation>
    </message>
    <message>
        <source>Bound to roles</source>
        <translation>绑定到角色</translation>
    </message>
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
        <source>Override on selected ports</source>
        <translation>在所选端口上覆盖</translation>
    </message>
    <message>
        <source>Remove their override</source>
        <translation>移除其覆盖</translation>
    </message>
    <message>
        <source>Binding</source>
        <translation>绑定</translation>
    </message>
    <message>
        <source>Select one or more ports first (in the tree or the diagram).</source>
        <translation>请先选择一个或多个端口（在树或拓扑图中）。</translation>
    </message>
    <message numerus="yes">
        <source>In force on %n port(s); overridden on %1 port(s).</source>
        <translation>
            <numerusform>在 %n 个端口上生效；在 %1 个端口上被覆盖。</numerusform>
        </translation>
    </message>
    <message>
        <source>The fabric has no QoS policy.</source>
        <translation>该网络没有 QoS 策略。</translation>
    </message>
    <message>
        <source>No findings name this policy.</source>
        <translation>没有发现项涉及此策略。</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s) name this policy: %1 error(s), %2 warning(s) (see Findings).</source>
        <translation>
            <numerusform>%n 个发现项涉及此策略：%1 个错误，%2 个警告（见“发现”）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::PortBudgetModel</name>
    <message>
        <source>%1 m</source>
        <translation>%1 米</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 + %2</source>
        <translation>%1 + %2</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>PGs (lossless + lossy)</source>
        <translation>PG（无损 + 有损）</translation>
    </message>
    <message>
        <source>xon</source>
        <translation>xon</translation>
    </message>
    <message>
        <source>xoff</source>
        <translation>xoff</translation>
    </message>
    <message>
        <source>Size per PG</source>
        <translation>每 PG 大小</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>Shared headroom demand</source>
        <translation>共享缓冲余量需求</translation>
    </message>
    <message>
        <source>Port headroom</source>
        <translation>端口缓冲余量</translation>
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
    <message>
        <source>the ASIC profile&apos;s</source>
        <translation>ASIC 配置文件中的值</translation>
    </message>
    <message>
        <source>Buffer settings</source>
        <translation>缓冲区设置</translation>
    </message>
    <message>
        <source>default: %1</source>
        <translation>默认：%1</translation>
    </message>
    <message>
        <source>Fibre type</source>
        <translation>光纤类型</translation>
    </message>
</context>
<context>
    <name>lfp::gui::ReviewMode</name>
    <message>
        <source>Text size:</source>
        <translation>文字大小：</translation>
    </message>
    <message>
        <source>Larger type for a projector</source>
        <translation>投影仪用的大字号</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Export PDF…</source>
        <translation>导出 PDF…</translation>
    </message>
    <message>
        <source>The checklist as PDF, the file `lfp review -o FILE.pdf` writes</source>
        <translation>将检查清单导出为 PDF，与 `lfp review -o FILE.pdf` 写出的文件相同</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步骤</translation>
    </message>
    <message>
        <source>Checklist section</source>
        <translation>清单章节</translation>
    </message>
    <message>
        <source>No review yet: open a project with two revisions, or compare two in the Revisions view.</source>
        <translation>尚无评审：请打开有两个修订的项目，或在“修订”视图中比较两个修订。</translation>
    </message>
    <message>
        <source>%1 — step %2 of %3</source>
        <translation>%1 — 第 %2 步，共 %3 步</translation>
    </message>
    <message>
        <source>no review to export</source>
        <translation>没有可导出的评审</translation>
    </message>
    <message>
        <source>Export Review as PDF</source>
        <translation>将评审导出为 PDF</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>The PDF was not written: %1</source>
        <translation>未写出 PDF：%1</translation>
    </message>
</context>
<context>
    <name>lfp::gui::ReviewViews</name>
    <message>
        <source>Deadlock</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>Revisions</source>
        <translation>修订</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>Storm</source>
        <translation>PFC 风暴</translation>
    </message>
    <message>
        <source>Contract</source>
        <translation>无损契约</translation>
    </message>
</context>
<context>
    <name>lfp::gui::RevisionsView</name>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>Base:</source>
        <translation>基线：</translation>
    </message>
    <message>
        <source>The revision that runs today</source>
        <translation>当前运行的修订</translation>
    </message>
    <message>
        <source>New:</source>
        <translation>新：</translation>
    </message>
    <message>
        <source>The revision to roll out</source>
        <translation>要上线的修订</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>The change review of the two revisions, as `lfp review` computes it</source>
        <translation>两个修订的变更评审，与 `lfp review` 的计算相同</translation>
    </message>
    <message>
        <source>History (select two to compare)</source>
        <translation>历史（选择两个进行比较）</translation>
    </message>
    <message>
        <source>Impact</source>
        <translation>影响</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>修订</translation>
    </message>
    <message>
        <source>Saved (UTC)</source>
        <translation>保存时间（UTC）</translation>
    </message>
    <message>
        <source>Author</source>
        <translation>作者</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>链路</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Fields</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Area</source>
        <translation>方面</translation>
    </message>
    <message>
        <source>Base</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新</translation>
    </message>
    <message>
        <source>revision %1</source>
        <translation>修订 %1</translation>
    </message>
    <message>
        <source>Comparing revision %1 with revision %2…</source>
        <translation>正在比较修订 %1 与修订 %2…</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>Cannot compare: %1</source>
        <translation>无法比较：%1</translation>
    </message>
    <message>
        <source>Revisions are kept in projects (.lfp): save the plan as a project to see its history.</source>
        <translation>修订保存在项目（.lfp）中：将规划另存为项目即可查看其历史。</translation>
    </message>
    <message>
        <source>The project has one revision; save a change to compare two.</source>
        <translation>该项目只有一个修订；保存一次变更后即可比较两个修订。</translation>
    </message>
    <message>
        <source>Choose two revisions and Compare.</source>
        <translation>选择两个修订并点击“比较”。</translation>
    </message>
    <message>
        <source>%1 → %2: %3 changes, %4 devices changed, %5 findings introduced, %6 resolved</source>
        <translation>%1 → %2：%3 处变更，%4 台设备变更，新增 %5 个发现，解决 %6 个</translation>
    </message>
    <message>
        <source>Base: %1</source>
        <translation>基线：%1</translation>
    </message>
    <message>
        <source>New: %1</source>
        <translation>新：%1</translation>
    </message>
    <message>
        <source>added</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>removed</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>修改</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>xoff %1, size %2</source>
        <translation>xoff %1，大小 %2</translation>
    </message>
    <message>
        <source>not lossless</source>
        <translation>非无损</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>缓冲余量</translation>
    </message>
    <message>
        <source>headroom pool %1</source>
        <translation>缓冲余量池 %1</translation>
    </message>
    <message>
        <source>Pools</source>
        <translation>缓冲池</translation>
    </message>
    <message>
        <source>Finding introduced</source>
        <translation>新增发现</translation>
    </message>
    <message>
        <source>Finding resolved</source>
        <translation>已解决发现</translation>
    </message>
    <message>
        <source>not analysed</source>
        <translation>未分析</translation>
    </message>
    <message numerus="yes">
        <source>%n cycle(s)</source>
        <translation>
            <numerusform>%n 个环路</numerusform>
        </translation>
    </message>
    <message>
        <source>no cycle</source>
        <translation>无环路</translation>
    </message>
    <message>
        <source>Deadlock</source>
        <translation>死锁</translation>
    </message>
    <message>
        <source>whole fabric</source>
        <translation>整个网络</translation>
    </message>
    <message>
        <source>nothing analysed: no destination routed, no verdict</source>
        <translation>未分析任何内容：没有路由到任何目的地，无结论</translation>
    </message>
    <message>
        <source>no lossless buffer</source>
        <translation>无无损缓冲区</translation>
    </message>
    <message>
        <source>%1 of %2 single-link failures create a cycle</source>
        <translation>%2 个单链路故障中 %1 个产生环路</translation>
    </message>
    <message numerus="yes">
        <source>(%n symmetry class(es) analysed)</source>
        <translation>
            <numerusform>（分析了 %n 个对称类）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::StormView</name>
    <message>
        <source>Analysing the storm…</source>
        <translation>正在分析风暴……</translation>
    </message>
    <message>
        <source>Storm source:</source>
        <translation>风暴源：</translation>
    </message>
    <message>
        <source>Every host (the worst shown)</source>
        <translation>所有主机（显示最坏者）</translation>
    </message>
    <message>
        <source>Analyse</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>Paused port</source>
        <translation>被暂停端口</translation>
    </message>
    <message>
        <source>Paused by</source>
        <translation>暂停来自</translation>
    </message>
    <message>
        <source>Paused at (µs)</source>
        <translation>暂停时刻（µs）</translation>
    </message>
    <message>
        <source>Frozen (ms)</source>
        <translation>冻结时长（ms）</translation>
    </message>
    <message>
        <source>Ended by</source>
        <translation>解除方式</translation>
    </message>
    <message>
        <source>Canvas: links whose sending port is paused by the slider&apos;s time, dark red (first) to orange (last); green where the port&apos;s own watchdog ends the freeze; purple where nothing ends it while the storm lasts.</source>
        <translation>画布：在滑块所示时刻之前发送端口已被暂停的链路，由深红（最早）到橙色（最晚）；绿色表示该端口自身的看门狗解除冻结；紫色表示风暴持续期间无任何机制解除冻结。</translation>
    </message>
    <message>
        <source>Pick a source and press Analyse: which ports a PFC storm from it pauses, when, and for how long (docs/storm.md).</source>
        <translation>选择风暴源并点击“分析”：查看由它发起的 PFC 风暴会暂停哪些端口、何时暂停、冻结多久（docs/storm.md）。</translation>
    </message>
    <message>
        <source>The storm analysis failed: %1</source>
        <translation>风暴分析失败：%1</translation>
    </message>
    <message>
        <source>No storm source could pause anything.</source>
        <translation>没有任何风暴源能暂停端口。</translation>
    </message>
    <message>
        <source>the longest freeze %1 ms</source>
        <translation>最长冻结 %1 ms</translation>
    </message>
    <message>
        <source>some ports stay frozen for as long as the storm lasts</source>
        <translation>部分端口在风暴持续期间一直冻结</translation>
    </message>
    <message numerus="yes">
        <source>Storm from %1 on priority %2: %n port(s) paused</source>
        <translation>
            <numerusform>来自 %1 的优先级 %2 风暴：暂停 %n 个端口</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n host(s)</source>
        <translation>
            <numerusform>%n 台主机</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n paused switch port(s) without a watchdog that acts</source>
        <translation>
            <numerusform>%n 个被暂停的交换机端口没有会生效的看门狗</numerusform>
        </translation>
    </message>
    <message>
        <source>Best change: %1</source>
        <translation>最佳改动：%1</translation>
    </message>
    <message numerus="yes">
        <source>(the worst of %n source(s))</source>
        <translation>
            <numerusform>（%n 个风暴源中最坏的一个）</numerusform>
        </translation>
    </message>
    <message>
        <source>until the storm ends</source>
        <translation>直至风暴结束</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>t = %1 µs</source>
        <translation>t = %1 µs</translation>
    </message>
</context>
<context>
    <name>lfp::gui::SwitchBudgetModel</name>
    <message>
        <source>(no model)</source>
        <translation>（无型号）</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>over by %1</source>
        <translation>超出 %1</translation>
    </message>
    <message>
        <source>available = total − reservations − shared headroom pool = %1</source>
        <translation>可用 = 总量 − 预留 − 共享缓冲余量池 = %1</translation>
    </message>
    <message>
        <source>The share of the buffer left for the shared pools: available = total − reservations − shared headroom pool</source>
        <translation>留给共享缓冲池的缓冲区比例：可用 = 总量 − 预留 − 共享缓冲余量池</translation>
    </message>
    <message>
        <source>Shared headroom pool</source>
        <translation>共享缓冲余量池</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>交换机</translation>
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
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Reservations</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>缓冲余量</translation>
    </message>
    <message>
        <source>SHP</source>
        <translation>共享缓冲余量池</translation>
    </message>
    <message>
        <source>Shared pools</source>
        <translation>共享缓冲池</translation>
    </message>
    <message>
        <source>Free</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>剩余</translation>
    </message>
</context>
<context>
    <name>lfp::gui::TemplateGridModel</name>
    <message>
        <source>%1 / %2 / %3</source>
        <translation>%1 / %2 / %3</translation>
    </message>
</context>
<context>
    <name>lfp::gui::TemplateHeatMap</name>
    <message>
        <source>KiB</source>
        <translation>KiB</translation>
    </message>
    <message>
        <source>port speed →  ·  rows: cable length</source>
        <translation>端口速率 →  ·  行：线缆长度</translation>
    </message>
</context>
<context>
    <name>lfp::gui::TemplatesView</name>
    <message numerus="yes">
        <source>%1, %2 cable, MTU %3 B, %n lane(s)</source>
        <translation>
            <numerusform>%1，%2 线缆，MTU %3 B，%n 条通道</numerusform>
        </translation>
    </message>
    <message>
        <source>xon %1 B · xoff %2 B · size %3 B</source>
        <translation>xon %1 B · xoff %2 B · size %3 B</translation>
    </message>
    <message>
        <source>xon_offset %1 B</source>
        <translation>xon_offset %1 B</translation>
    </message>
    <message>
        <source>xoff is charged to the shared headroom pool</source>
        <translation>xoff 计入共享缓冲余量池</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Comma-separated port speeds, as `lfp template --speeds`</source>
        <translation>逗号分隔的端口速率，同 `lfp template --speeds`</translation>
    </message>
    <message>
        <source>Comma-separated cable lengths, as `lfp template --cables`</source>
        <translation>逗号分隔的线缆长度，同 `lfp template --cables`</translation>
    </message>
    <message>
        <source>size</source>
        <translation>size</translation>
    </message>
    <message>
        <source>xoff</source>
        <translation>xoff</translation>
    </message>
    <message>
        <source>xon</source>
        <translation>xon</translation>
    </message>
    <message>
        <source>The heat map&apos;s colour: the headroom size reserved per PG, or xoff, or xon</source>
        <translation>热图的颜色依据：每 PG 预留的缓冲余量大小，或 xoff，或 xon</translation>
    </message>
    <message>
        <source>CSV</source>
        <translation>CSV</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>SONiC pg_profile_lookup.ini</source>
        <translation>SONiC pg_profile_lookup.ini</translation>
    </message>
    <message>
        <source>ASIC</source>
        <translation>ASIC</translation>
    </message>
    <message>
        <source>Port MTU</source>
        <translation>端口 MTU</translation>
    </message>
    <message>
        <source>Colour by</source>
        <translation>着色依据</translation>
    </message>
    <message>
        <source>Speeds</source>
        <translation>速率</translation>
    </message>
    <message>
        <source>Cables</source>
        <translation>线缆</translation>
    </message>
    <message>
        <source>xon / xoff / size in bytes (rows: cable, columns: speed)</source>
        <translation>xon / xoff / size，单位字节（行：线缆，列：速率）</translation>
    </message>
    <message>
        <source>No ASIC profile &quot;%1&quot;.</source>
        <translation>没有 ASIC 配置“%1”。</translation>
    </message>
    <message>
        <source>No ASIC profile selected.</source>
        <translation>未选择 ASIC 配置。</translation>
    </message>
    <message>
        <source>The same as: %1</source>
        <translation>等同于：%1</translation>
    </message>
    <message>
        <source>Nothing to export.</source>
        <translation>没有可导出的内容。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Export Threshold Template</source>
        <translation>导出阈值模板</translation>
    </message>
</context>
<context>
    <name>lfp::gui::Theme</name>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Follow the Desktop</source>
        <translation>跟随桌面</translation>
    </message>
</context>
<context>
    <name>lfp::gui::UserGuideWindow</name>
    <message>
        <source>Lossless Fabric Planner User Guide</source>
        <translation>Lossless Fabric Planner 用户指南</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>后退</translation>
    </message>
    <message>
        <source>Forward</source>
        <translation>前进</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Open in Web Browser</source>
        <translation>在网页浏览器中打开</translation>
    </message>
    <message>
        <source>The manual is not installed</source>
        <translation>手册未安装</translation>
    </message>
    <message>
        <source>It is built from docs/ with the program (target lfp_manual) and installed to share/lfp/manual. Looked in:</source>
        <translation>手册随程序从 docs/ 构建（目标 lfp_manual），并安装到 share/lfp/manual。已查找：</translation>
    </message>
</context>
</TS>
