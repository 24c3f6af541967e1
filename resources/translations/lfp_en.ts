<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
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
    <name>lfp::gui::FabricScene</name>
    <message numerus="yes">
        <source>%n host(s)</source>
        <translation>
            <numerusform>%n host</numerusform>
            <numerusform>%n hosts</numerusform>
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
</TS>
