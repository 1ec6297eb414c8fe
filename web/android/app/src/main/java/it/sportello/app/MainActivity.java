package it.sportello.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
