<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>lfp::ChangeValueCommand</name>
    <message numerus="yes">
        <source>%n objects</source>
        <translation>
            <numerusform>%n object</numerusform>
            <numerusform>%n objects</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::StructureCommand</name>
    <message numerus="yes">
        <source>Add switch %1 (%n port(s))</source>
        <translation>
            <numerusform>Add switch %1 (%n port)</numerusform>
            <numerusform>Add switch %1 (%n ports)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Add host %1 (%n port(s))</source>
        <translation>
            <numerusform>Add host %1 (%n port)</numerusform>
            <numerusform>Add host %1 (%n ports)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %n object(s)</source>
        <translation>
            <numerusform>Remove %n object</numerusform>
            <numerusform>Remove %n objects</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::BudgetPanel</name>
    <message numerus="yes">
        <source>%1 — ASIC %2 (%3), %n active port(s)</source>
        <translation>
            <numerusform>%1 — ASIC %2 (%3), %n active port</numerusform>
            <numerusform>%1 — ASIC %2 (%3), %n active ports</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::BudgetView</name>
    <message numerus="yes">
        <source>%n switch(es) with a budget</source>
        <translation>
            <numerusform>%n switch with a budget</numerusform>
            <numerusform>%n switches with a budget</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n over-committed</source>
        <translation>
            <numerusform>%n over-committed</numerusform>
            <numerusform>%n over-committed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n in the chart</source>
        <translation>
            <numerusform>%n in the chart</numerusform>
            <numerusform>%n in the chart</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 — %n active port(s)</source>
        <translation>
            <numerusform>%1 — %n active port</numerusform>
            <numerusform>%1 — %n active ports</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::ContractView</name>
    <message numerus="yes">
        <source>The contract holds: %n check(s), all green.</source>
        <translation>
            <numerusform>The contract holds: %n check, all green.</numerusform>
            <numerusform>The contract holds: %n checks, all green.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The contract breaks: %n check(s) red.</source>
        <translation>
            <numerusform>The contract breaks: %n check red.</numerusform>
            <numerusform>The contract breaks: %n checks red.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::DeadlockView</name>
    <message numerus="yes">
        <source>%n cyclic component(s) in the healthy fabric: PFC deadlock is possible.</source>
        <translation>
            <numerusform>%n cyclic component in the healthy fabric: PFC deadlock is possible.</numerusform>
            <numerusform>%n cyclic components in the healthy fabric: PFC deadlock is possible.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n host pair(s) without a lossless path</source>
        <translation>
            <numerusform>%n host pair without a lossless path</numerusform>
            <numerusform>%n host pairs without a lossless path</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n destination switch(es) with bounced (demoted) traffic</source>
        <translation>
            <numerusform>%n destination switch with bounced (demoted) traffic</numerusform>
            <numerusform>%n destination switches with bounced (demoted) traffic</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n extra lossless priority(-ies)</source>
        <translation>
            <numerusform>%n extra lossless priority</numerusform>
            <numerusform>%n extra lossless priorities</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n static route(s)</source>
        <translation>
            <numerusform>%n static route</numerusform>
            <numerusform>%n static routes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s)</source>
        <translation>
            <numerusform>%n link</numerusform>
            <numerusform>%n links</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n VL(s)</source>
        <translation>
            <numerusform>%n VL</numerusform>
            <numerusform>%n VLs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n VL(s) (layers) needed</source>
        <translation>
            <numerusform>%n VL (layer) needed</numerusform>
            <numerusform>%n VLs (layers) needed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deadlock analysis: %n cyclic component(s) in the buffer dependencies (%1 s)</source>
        <translation>
            <numerusform>Deadlock analysis: %n cyclic component in the buffer dependencies (%1 s)</numerusform>
            <numerusform>Deadlock analysis: %n cyclic components in the buffer dependencies (%1 s)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n switch port(s) re-tag lossless traffic, so this was decided by following each packet&apos;s DSCP through every port&apos;s classes, queues and remarks (%1 dependencies).</source>
        <translation>
            <numerusform>%n switch port re-tags lossless traffic, so this was decided by following each packet&apos;s DSCP through every port&apos;s classes, queues and remarks (%1 dependencies).</numerusform>
            <numerusform>%n switch ports re-tag lossless traffic, so this was decided by following each packet&apos;s DSCP through every port&apos;s classes, queues and remarks (%1 dependencies).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::DeviceTreeModel</name>
    <message numerus="yes">
        <source>%n node(s)</source>
        <translation>
            <numerusform>%n node</numerusform>
            <numerusform>%n nodes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n link(s)</source>
        <translation>
            <numerusform>%n link</numerusform>
            <numerusform>%n links</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::ExportDialog</name>
    <message numerus="yes">
        <source>%1: %n file(s) (+ manifest.json); </source>
        <translation>
            <numerusform>%1: %n file (+ manifest.json); </numerusform>
            <numerusform>%1: %n files (+ manifest.json); </numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n file(s) and manifest.json to %1</source>
        <translation>
            <numerusform>Wrote %n file and manifest.json to %1</numerusform>
            <numerusform>Wrote %n files and manifest.json to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::FabricScene</name>
    <message numerus="yes">
        <source>%n host(s)</source>
        <translation>
            <numerusform>%n host</numerusform>
            <numerusform>%n hosts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n parallel link(s)</source>
        <translation>
            <numerusform>%n parallel link</numerusform>
            <numerusform>%n parallel links</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::FindingsModel</name>
    <message numerus="yes">
        <source>%1 and %n more</source>
        <translation>
            <numerusform>%1 and %n more</numerusform>
            <numerusform>%1 and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::FindingsPanel</name>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n note</numerusform>
            <numerusform>%n notes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::HeadroomPanel</name>
    <message numerus="yes">
        <source>Per lossless PG (policy %1, %n lossless priorities); inputs from the port, its link and %2&apos;s ASIC and buffer settings.</source>
        <translation>
            <numerusform>Per lossless PG (policy %1, %n lossless priority); inputs from the port, its link and %2&apos;s ASIC and buffer settings.</numerusform>
            <numerusform>Per lossless PG (policy %1, %n lossless priorities); inputs from the port, its link and %2&apos;s ASIC and buffer settings.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::ImportDialog</name>
    <message numerus="yes">
        <source>Import %1 (%n file(s))</source>
        <translation>
            <numerusform>Import %1 (%n file)</numerusform>
            <numerusform>Import %1 (%n files)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n reader warning(s): see the tooltip.</source>
        <translation>
            <numerusform>%n reader warning: see the tooltip.</numerusform>
            <numerusform>%n reader warnings: see the tooltip.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conflict(s) unresolved: choose Keep Plan or Take Source for each.</source>
        <translation>
            <numerusform>%n conflict unresolved: choose Keep Plan or Take Source.</numerusform>
            <numerusform>%n conflicts unresolved: choose Keep Plan or Take Source for each.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::MainWindow</name>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n note(s)</source>
        <translation>
            <numerusform>%n note</numerusform>
            <numerusform>%n notes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n edit(s) were autosaved at %1. Recover them? They are not saved to the project until you save.</source>
        <translation>
            <numerusform>%n edit was autosaved at %1. Recover it? It is not saved to the project until you save.</numerusform>
            <numerusform>%n edits were autosaved at %1. Recover them? They are not saved to the project until you save.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Recovered %n unsaved edit(s) from %1; save to keep them.</source>
        <translation>
            <numerusform>Recovered %n unsaved edit from %1; save to keep it.</numerusform>
            <numerusform>Recovered %n unsaved edits from %1; save to keep them.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 set to %2 on %n objects</source>
        <translation>
            <numerusform>%1 set to %2 on %n object</numerusform>
            <numerusform>%1 set to %2 on %n objects</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Applied the headroom what-if to the plan (%n change(s)); Ctrl+Z undoes it</source>
        <translation>
            <numerusform>Applied the headroom what-if to the plan (%n change); Ctrl+Z undoes it</numerusform>
            <numerusform>Applied the headroom what-if to the plan (%n changes); Ctrl+Z undoes it</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> and %n more</numerusform>
            <numerusform> and %n more</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::PolicyEditor</name>
    <message numerus="yes">
        <source>In force on %n port(s); overridden on %1 port(s).</source>
        <translation>
            <numerusform>In force on %n port; overridden on %1 port(s).</numerusform>
            <numerusform>In force on %n ports; overridden on %1 port(s).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s) name this policy: %1 error(s), %2 warning(s) (see Findings).</source>
        <translation>
            <numerusform>%n finding names this policy: %1 error(s), %2 warning(s) (see Findings).</numerusform>
            <numerusform>%n findings name this policy: %1 error(s), %2 warning(s) (see Findings).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::RevisionsView</name>
    <message numerus="yes">
        <source>%n cycle(s)</source>
        <translation>
            <numerusform>%n cycle</numerusform>
            <numerusform>%n cycles</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(%n symmetry class(es) analysed)</source>
        <translation>
            <numerusform>(%n symmetry class analysed)</numerusform>
            <numerusform>(%n symmetry classes analysed)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::StormView</name>
    <message numerus="yes">
        <source>Storm from %1 on priority %2: %n port(s) paused</source>
        <translation>
            <numerusform>Storm from %1 on priority %2: %n port paused</numerusform>
            <numerusform>Storm from %1 on priority %2: %n ports paused</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n host(s)</source>
        <translation>
            <numerusform>%n host</numerusform>
            <numerusform>%n hosts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n paused switch port(s) without a watchdog that acts</source>
        <translation>
            <numerusform>%n paused switch port without a watchdog that acts</numerusform>
            <numerusform>%n paused switch ports without a watchdog that acts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(the worst of %n source(s))</source>
        <translation>
            <numerusform>(the worst of %n source)</numerusform>
            <numerusform>(the worst of %n sources)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>lfp::gui::TemplatesView</name>
    <message numerus="yes">
        <source>%1, %2 cable, MTU %3 B, %n lane(s)</source>
        <translation>
            <numerusform>%1, %2 cable, MTU %3 B, %n lane</numerusform>
            <numerusform>%1, %2 cable, MTU %3 B, %n lanes</numerusform>
        </translation>
    </message>
</context>
</TS>
